/**
 * The demo literature in German and French: titles and descriptions of every catalogue entry
 * (the literature-sheet PDFs stay in English). Chemical names follow each language's usual
 * nomenclature; formulas and abbreviations are unchanged.
 */

export const DEMO_TRANSLATION_LANGUAGES = ['de_DE', 'fr_FR'] as const;
export type DemoTranslationLanguage = (typeof DEMO_TRANSLATION_LANGUAGES)[number];

interface TranslatedText {
  title: string;
  description: string;
}

export const DEMO_TRANSLATIONS: Record<string, Record<DemoTranslationLanguage, TranslatedText>> = {
  trimethylaluminum: {
    de_DE: {
      title: 'Trimethylaluminium (TMA)',
      description:
        'Der klassische ALD-Präkursor: TMA und Wasser scheiden Al₂O₃ Lage für Lage selbstbegrenzend ab. Zugleich die Aluminiumquelle für die MOCVD von AlN, AlGaN und AlGaAs.',
    },
    fr_FR: {
      title: 'Triméthylaluminium (TMA)',
      description:
        'Le précurseur ALD par excellence : TMA et eau déposent Al₂O₃ couche après couche, de façon autolimitée. C’est aussi la source d’aluminium pour la MOCVD d’AlN, d’AlGaN et d’AlGaAs.',
    },
  },
  trimethylgallium: {
    de_DE: {
      title: 'Trimethylgallium (TMGa)',
      description:
        'Die Standard-Galliumquelle für die MOCVD von GaN, GaAs und ihren Legierungen. Eine flüchtige, pyrophore Flüssigkeit, die aus temperierten Bubblern dosiert wird.',
    },
    fr_FR: {
      title: 'Triméthylgallium (TMGa)',
      description:
        'La source de gallium de référence pour la MOCVD de GaN, de GaAs et de leurs alliages. Un liquide volatil et pyrophorique, délivré depuis des bulleurs thermostatés.',
    },
  },
  triethylgallium: {
    de_DE: {
      title: 'Triethylgallium (TEGa)',
      description:
        'Eine Galliumquelle, die sich bei niedrigeren Temperaturen zersetzt als TMGa und weniger Kohlenstoff in die Schicht einbaut. Die Wahl für InGaN-Quantentöpfe und andere MOCVD-Schritte bei niedriger Temperatur.',
    },
    fr_FR: {
      title: 'Triéthylgallium (TEGa)',
      description:
        'Une source de gallium qui se décompose à plus basse température que le TMGa et incorpore moins de carbone dans le film. Choisie pour les puits quantiques InGaN et les autres étapes MOCVD à basse température.',
    },
  },
  trimethylindium: {
    de_DE: {
      title: 'Trimethylindium (TMIn)',
      description:
        'Die Indiumquelle für die MOCVD von InP, InGaAs und InGaN. Bei Raumtemperatur fest und daher in Ampullen geliefert, die eine gleichmäßige Dampfaufnahme sichern.',
    },
    fr_FR: {
      title: 'Triméthylindium (TMIn)',
      description:
        'La source d’indium pour la MOCVD d’InP, d’InGaAs et d’InGaN. Solide à température ambiante, il est livré en ampoules conçues pour une prise de vapeur régulière.',
    },
  },
  diethylzinc: {
    de_DE: {
      title: 'Diethylzink (DEZ)',
      description:
        'Der übliche Zinkpräkursor für die ALD von ZnO mit Wasser, von transparenten Leitern bis zu Dünnschichttransistoren. Außerdem eine Quelle für p-Dotierung in der III-V-MOCVD.',
    },
    fr_FR: {
      title: 'Diéthylzinc (DEZ)',
      description:
        'Le précurseur de zinc courant pour l’ALD de ZnO à l’eau, des conducteurs transparents aux transistors en couches minces. Également une source de dopage p en MOCVD III-V.',
    },
  },
  'bis-cyclopentadienyl-magnesium': {
    de_DE: {
      title: 'Bis(cyclopentadienyl)magnesium (Cp₂Mg)',
      description: 'Magnesocen, die Magnesium-Dotierquelle, die p-leitendes GaN und AlGaN in der MOCVD möglich macht. Ein Feststoff, geliefert in Ampullen.',
    },
    fr_FR: {
      title: 'Bis(cyclopentadiényl)magnésium (Cp₂Mg)',
      description: 'Le magnésocène, source de dopage au magnésium qui rend possibles le GaN et l’AlGaN de type p en MOCVD. Un solide livré en ampoules.',
    },
  },
  tdmat: {
    de_DE: {
      title: 'Tetrakis(dimethylamido)titan (TDMAT)',
      description:
        'Ein halogenfreier Titanpräkursor für ALD und CVD von TiN-Barriere- und Linerschichten sowie von TiO₂. Ohne Chlor, sodass keine korrosiven Nebenprodukte in die Schicht gelangen.',
    },
    fr_FR: {
      title: 'Tétrakis(diméthylamido)titane (TDMAT)',
      description:
        'Un précurseur de titane sans halogène pour l’ALD et la CVD de couches barrières et de liners en TiN, ainsi que de TiO₂. Sans chlore, aucun sous-produit corrosif n’atteint le film.',
    },
  },
  'titanium-tetrachloride': {
    de_DE: {
      title: 'Titantetrachlorid (TiCl₄)',
      description:
        'Eine thermisch robuste Titanquelle für die ALD von TiO₂ mit Wasser und von TiN mit Ammoniak. Seine Stabilität erlaubt hohe Prozesstemperaturen.',
    },
    fr_FR: {
      title: 'Tétrachlorure de titane (TiCl₄)',
      description:
        'Une source de titane thermiquement robuste pour l’ALD de TiO₂ à l’eau et de TiN à l’ammoniac. Sa stabilité autorise des températures de procédé élevées.',
    },
  },
  temah: {
    de_DE: {
      title: 'Tetrakis(ethylmethylamido)hafnium (TEMAH)',
      description:
        'Ein flüssiger Hafniumpräkursor für die ALD von HfO₂-High-k-Gatedielektrika. Eingesetzt mit Ozon oder Wasser in Logik- und Speicherprozessen.',
    },
    fr_FR: {
      title: 'Tétrakis(éthylméthylamido)hafnium (TEMAH)',
      description:
        'Un précurseur liquide de hafnium pour l’ALD de diélectriques de grille high-k en HfO₂. Utilisé avec l’ozone ou l’eau dans les procédés logiques et mémoire.',
    },
  },
  tdmah: {
    de_DE: {
      title: 'Tetrakis(dimethylamido)hafnium (TDMAH)',
      description:
        'Ein niedrigschmelzendes Hafniumamid für die ALD von HfO₂ und HfN. Sein hoher Dampfdruck eignet sich für thermische und plasmaunterstützte ALD.',
    },
    fr_FR: {
      title: 'Tétrakis(diméthylamido)hafnium (TDMAH)',
      description:
        'Un amidure de hafnium à bas point de fusion pour l’ALD de HfO₂ et de HfN. Sa pression de vapeur élevée convient à l’ALD thermique comme à l’ALD assistée par plasma.',
    },
  },
  temaz: {
    de_DE: {
      title: 'Tetrakis(ethylmethylamido)zirconium (TEMAZ)',
      description: 'Der Zirconiumpräkursor hinter ZrO₂-basierten Kondensatordielektrika in DRAM. Scheidet ZrO₂ per ALD mit Ozon ab.',
    },
    fr_FR: {
      title: 'Tétrakis(éthylméthylamido)zirconium (TEMAZ)',
      description: 'Le précurseur de zirconium des diélectriques de condensateurs DRAM à base de ZrO₂. Il dépose ZrO₂ par ALD avec l’ozone.',
    },
  },
  pdmat: {
    de_DE: {
      title: 'Pentakis(dimethylamido)tantal (PDMAT)',
      description:
        'Ein fester Tantalpräkursor für die ALD von TaN-Diffusionsbarrieren gegen Kupfer in Leiterbahnen. Geliefert in Ampullen für Feststoffquellen.',
    },
    fr_FR: {
      title: 'Pentakis(diméthylamido)tantale (PDMAT)',
      description:
        'Un précurseur solide de tantale pour l’ALD de barrières de diffusion en TaN sous les interconnexions en cuivre. Livré en ampoules conçues pour les sources solides.',
    },
  },
  'tantalum-ethoxide': {
    de_DE: {
      title: 'Tantal(V)-ethoxid (Ta(OEt)₅)',
      description: 'Ein flüssiges Alkoxid für CVD und ALD von Ta₂O₅, einem Dielektrikum hoher Permittivität und einer hochbrechenden optischen Schicht.',
    },
    fr_FR: {
      title: 'Éthoxyde de tantale(V) (Ta(OEt)₅)',
      description: 'Un alcoxyde liquide pour la CVD et l’ALD de Ta₂O₅, diélectrique à haute permittivité et revêtement optique à haut indice.',
    },
  },
  teos: {
    de_DE: {
      title: 'Tetraethylorthosilicat (TEOS)',
      description:
        'Die bewährte Flüssigquelle für CVD-Siliciumdioxid, von PECVD-Zwischenlagendielektrika bis zur Ozon-TEOS-Lückenfüllung. Sicherer zu handhaben als Silan.',
    },
    fr_FR: {
      title: 'Orthosilicate de tétraéthyle (TEOS)',
      description:
        'La source liquide de référence pour le dioxyde de silicium CVD, des diélectriques intercouches en PECVD au remplissage de tranchées ozone-TEOS. Plus sûre à manipuler que le silane.',
    },
  },
  'tungsten-hexafluoride': {
    de_DE: {
      title: 'Wolframhexafluorid (WF₆)',
      description:
        'Die Wolframquelle für die CVD von Wolframkontakten und Vias, nach einem Silan-Nukleierungsschritt mit Wasserstoff reduziert. Ein dichtes Gas, in Flaschen als verflüssigtes Gas geliefert.',
    },
    fr_FR: {
      title: 'Hexafluorure de tungstène (WF₆)',
      description:
        'La source de tungstène pour la CVD des contacts et vias en tungstène, réduite par l’hydrogène après une étape de nucléation au silane. Un gaz dense, livré liquéfié en bouteilles.',
    },
  },
  silane: {
    de_DE: {
      title: 'Silan (SiH₄)',
      description:
        'Das grundlegende Silicium-Quellgas für die CVD von Polysilicium, amorphem Silicium, Siliciumoxid und Siliciumnitrid. Pyrophor und daher aus abgesaugten Gasschränken zugeführt.',
    },
    fr_FR: {
      title: 'Silane (SiH₄)',
      description:
        'Le gaz source de silicium de base pour la CVD de polysilicium, de silicium amorphe, d’oxyde et de nitrure de silicium. Pyrophorique, il est distribué depuis des armoires à gaz ventilées.',
    },
  },
  dichlorosilane: {
    de_DE: {
      title: 'Dichlorsilan (DCS)',
      description: 'Ein Chlorsilan für die LPCVD von Siliciumnitrid mit Ammoniak und für die Siliciumepitaxie. Als verflüssigtes Gas geliefert.',
    },
    fr_FR: {
      title: 'Dichlorosilane (DCS)',
      description: 'Un chlorosilane pour la LPCVD de nitrure de silicium avec l’ammoniac et pour l’épitaxie du silicium. Livré sous forme de gaz liquéfié.',
    },
  },
  'stainless-steel-bubbler': {
    de_DE: {
      title: 'Edelstahl-Bubbler für flüssige Präkursoren',
      description:
        'Ein Behälter aus Edelstahl 316L, der den Dampf flüssiger Präkursoren liefert, indem Trägergas durch ein Tauchrohr perlt. Innen elektropoliert und mit Membranventilen mit Face-Seal-Anschlüssen ausgestattet.',
    },
    fr_FR: {
      title: 'Bulleur en acier inoxydable pour précurseurs liquides',
      description:
        'Un réservoir en acier inoxydable 316L qui délivre la vapeur de précurseurs liquides en faisant barboter un gaz vecteur par un tube plongeur. Électropoli à l’intérieur et équipé de vannes à membrane à raccords à joint facial.',
    },
  },
  'solid-source-ampoule': {
    de_DE: {
      title: 'Sublimations-Ampulle für feste Präkursoren',
      description:
        'Eine Ampulle für feste Präkursoren wie TMIn, PDMAT und Cp₂Mg. Innere Tabletts verteilen den Feststoff, sodass die Dampfaufnahme gleichmäßig bleibt, während die Füllung verbraucht wird.',
    },
    fr_FR: {
      title: 'Ampoule de sublimation pour précurseurs solides',
      description:
        'Une ampoule pour précurseurs solides tels que TMIn, PDMAT et Cp₂Mg. Des plateaux internes répartissent le solide afin que la prise de vapeur reste régulière à mesure que la charge s’épuise.',
    },
  },
  'ald-diaphragm-valve': {
    de_DE: {
      title: 'Schnelles ALD-Membranventil',
      description:
        'Ein pneumatisch betätigtes Ganzmetall-Membranventil, das in Millisekunden öffnet und schließt und Präkursorpulse in eine ALD-Kammer dosiert. Hochtemperaturausführungen sitzen auf beheizten Zuleitungen.',
    },
    fr_FR: {
      title: 'Vanne à membrane ALD rapide',
      description:
        'Une vanne à membrane tout métal à commande pneumatique qui s’ouvre et se ferme en quelques millisecondes pour doser les impulsions de précurseur dans une chambre ALD. Les versions haute température se montent sur des lignes chauffées.',
    },
  },
  'direct-liquid-injection-vaporizer': {
    de_DE: {
      title: 'Verdampfer für Direktflüssigkeitsinjektion',
      description:
        'Dosiert einen flüssigen Präkursor oder eine Präkursorlösung und verdampft sie schlagartig ins Trägergas. Der Weg für schwerflüchtige Präkursoren, die Bubbler nicht gleichmäßig liefern können.',
    },
    fr_FR: {
      title: 'Vaporisateur à injection liquide directe',
      description:
        'Dose un précurseur liquide ou une solution de précurseur et la vaporise instantanément dans le gaz vecteur. La solution pour les précurseurs peu volatils qu’un bulleur ne peut délivrer régulièrement.',
    },
  },
  'thermal-mass-flow-controller': {
    de_DE: {
      title: 'Thermischer Massendurchflussregler',
      description:
        'Misst und regelt den Durchfluss von Träger- und Prozessgasen über die Wärmeübertragung in einem Sensorrohr. Stellt den Trägergasstrom ein, der den Präkursordampf aus Bubblern trägt.',
    },
    fr_FR: {
      title: 'Régulateur de débit massique thermique',
      description:
        'Mesure et régule le débit des gaz vecteurs et de procédé par transfert thermique dans un tube capteur. Il fixe le débit de gaz vecteur qui entraîne la vapeur de précurseur hors des bulleurs.',
    },
  },
  'bubbler-heating-jacket': {
    de_DE: {
      title: 'Heizmantel für Bubbler',
      description:
        'Ein passgenauer Heizmantel mit eigenem Temperaturregler, der einen Bubbler oder eine Ampulle auf konstanter Temperatur hält, damit der Dampfdruck des Präkursors konstant bleibt.',
    },
    fr_FR: {
      title: 'Manchon chauffant pour bulleur',
      description:
        'Un manchon chauffant ajusté, doté de son propre régulateur de température, qui maintient un bulleur ou une ampoule à température constante pour que la pression de vapeur du précurseur reste stable.',
    },
  },
  'gas-cabinet': {
    de_DE: {
      title: 'Abgesaugter Gasschrank',
      description:
        'Ein abgesaugtes Gehäuse mit Spülpanel für Flaschen gefährlicher Gase wie Silan, Dichlorsilan und WF₆. Automatisches Spülen und Rohrbruchsicherungen schützen Menschen und Anlagen.',
    },
    fr_FR: {
      title: 'Armoire à gaz ventilée',
      description:
        'Une enceinte ventilée avec panneau de purge pour les bouteilles de gaz dangereux comme le silane, le dichlorosilane et le WF₆. La purge automatique et la coupure sur excès de débit protègent les personnes et les équipements.',
    },
  },
  'face-seal-fittings': {
    de_DE: {
      title: 'Face-Seal-Verschraubungen mit Metalldichtung',
      description:
        'Hochreine Verschraubungen, die mit einer Metalldichtung zwischen zwei polierten Dichtwülsten abdichten. Der Standardanschluss für Präkursorbehälter, Ventile und Zuleitungen.',
    },
    fr_FR: {
      title: 'Raccords à joint facial métallique',
      description:
        'Des raccords ultra-haute pureté qui assurent l’étanchéité par un joint métallique serré entre deux bourrelets polis. Le raccord standard des réservoirs de précurseurs, des vannes et des lignes de distribution.',
    },
  },
  'capacitance-manometer': {
    de_DE: {
      title: 'Kapazitives Manometer',
      description: 'Ein Membran-Druckmessgerät, dessen Anzeige nicht von der Gasart abhängt. Überwacht den Kammer- und Leitungsdruck in jedem ALD-Zyklus.',
    },
    fr_FR: {
      title: 'Manomètre capacitif',
      description:
        'Un capteur de pression à membrane dont la mesure ne dépend pas de la nature du gaz. Il suit la pression de la chambre et des lignes à chaque cycle ALD.',
    },
  },
};

/** The literature collection's title and description in each language. */
export const COLLECTION_TRANSLATIONS: Record<DemoTranslationLanguage, { title: string; description: string }> = {
  de_DE: {
    title: 'Datenblätter - CVD- und ALD-Präkursoren',
    description: 'Demodaten: Datenblätter zu CVD- und ALD-Präkursoren und -Anlagen mit Eigenschaften, Anwendungen und Gebinden.',
  },
  fr_FR: {
    title: 'Fiches techniques - Précurseurs CVD et ALD',
    description: 'Données de démonstration : fiches techniques de précurseurs et d’équipements CVD et ALD, avec propriétés, applications et conditionnements.',
  },
};
