/**
 * Moving between the studio's screens without reloading it: real addresses (a sheet can be
 * bookmarked or shared, the back button works), react-aria's links navigate here, and a screen
 * with unsaved work can hold a move until the editor decides (leaving the page asks too).
 */
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Dialog, Heading, Modal, RouterProvider } from 'react-aria-components';

/** Answers whether leaving now would lose work; saves what it can meanwhile. */
export type LeaveCheck = () => boolean;

interface Navigation {
  path: string;
  navigate: (to: string) => void;
  /** While set, a move asks first when the check answers true. */
  holdLeaving: (check: LeaveCheck | null) => void;
}

const NavigationContext = createContext<Navigation | null>(null);

export function useNavigation(): Navigation {
  const navigation = useContext(NavigationContext);
  if (navigation === null) throw new Error('useNavigation needs a <NavigationProvider>');
  return navigation;
}

export function NavigationProvider({ children }: { children: ReactNode }) {
  const [path, setPath] = useState(() => window.location.pathname);
  /** Where the editor asked to go, and whether by the back button, while we ask. */
  const [asking, setAsking] = useState<{ to: string; back: boolean } | null>(null);
  const check = useRef<LeaveCheck | null>(null);
  /** Set once the editor chose to leave by the back button: the next move is let through. */
  const leaving = useRef(false);

  const go = useCallback((to: string) => {
    window.history.pushState(null, '', to);
    setPath(new URL(to, window.location.href).pathname);
    window.scrollTo(0, 0);
  }, []);

  const navigate = useCallback(
    (to: string) => {
      if (check.current?.()) setAsking({ to, back: false });
      else go(to);
    },
    [go],
  );

  useEffect(() => {
    const back = () => {
      const to = window.location.pathname + window.location.search;
      if (!leaving.current && check.current?.()) {
        // The browser has moved already: stay where the work is (forward again), and ask.
        window.history.pushState(null, '', path);
        setAsking({ to, back: true });
      } else {
        leaving.current = false;
        setPath(window.location.pathname);
      }
    };
    const unload = (event: BeforeUnloadEvent) => {
      if (!check.current?.()) return;
      event.preventDefault();
      // Older browsers ask only when a return value is set.
      event.returnValue = '';
    };
    window.addEventListener('popstate', back);
    window.addEventListener('beforeunload', unload);
    return () => {
      window.removeEventListener('popstate', back);
      window.removeEventListener('beforeunload', unload);
    };
  }, [path]);

  const holdLeaving = useCallback((next: LeaveCheck | null) => {
    check.current = next;
  }, []);

  return (
    <NavigationContext.Provider value={{ path, navigate, holdLeaving }}>
      <RouterProvider navigate={navigate}>{children}</RouterProvider>
      <Modal isDismissable isOpen={asking !== null} onOpenChange={(open) => !open && setAsking(null)} className="studio-modal">
        <Dialog role="alertdialog" className="studio-dialog">
          <Heading slot="title">Leave with unsaved changes?</Heading>
          <p>Some changes have not been saved yet. If you leave now, they are lost.</p>
          <div className="studio-dialog__actions">
            <Button className="studio-button studio-button--primary" autoFocus onPress={() => setAsking(null)}>
              Stay and keep editing
            </Button>
            <Button
              className="studio-button"
              onPress={() => {
                const asked = asking;
                setAsking(null);
                if (asked === null) return;
                if (asked.back) {
                  // Back where the back button was going, without an extra entry in the history.
                  leaving.current = true;
                  window.history.back();
                } else go(asked.to);
              }}
            >
              Leave without saving
            </Button>
          </div>
        </Dialog>
      </Modal>
    </NavigationContext.Provider>
  );
}
