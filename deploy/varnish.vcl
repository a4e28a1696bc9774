# Varnish in front of Literature Sheets, purged by key (docs/operations.md, "Varnish").
# Needs vmod_xkey (Debian: varnish-modules). Set the backend to your server (or load balancer),
# and the purgers to the addresses the server's processes send their purges from.
vcl 4.1;

import xkey;

backend literature {
  .host = "127.0.0.1";
  .port = "3000";
}

acl purgers {
  "127.0.0.1";
  "::1";
}

sub vcl_recv {
  # The server's purges: PURGE with the keys in xkey-purge (gone at once) or xkey-softpurge
  # (kept to serve stale while the next request fetches the new answer).
  if (req.method == "PURGE") {
    if (client.ip !~ purgers) {
      return (synth(403, "Not allowed to purge"));
    }
    if (req.http.xkey-purge) {
      set req.http.n-gone = xkey.purge(req.http.xkey-purge);
    } elsif (req.http.xkey-softpurge) {
      set req.http.n-gone = xkey.softpurge(req.http.xkey-softpurge);
    } else {
      return (synth(400, "No keys to purge"));
    }
    return (synth(200, "Purged " + req.http.n-gone));
  }
}

sub vcl_deliver {
  # Whether this answer came from the cache; the keys are for Varnish alone.
  if (obj.hits > 0) {
    set resp.http.X-Cache = "HIT";
  } else {
    set resp.http.X-Cache = "MISS";
  }
  unset resp.http.xkey;
}
