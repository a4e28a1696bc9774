/**
 * The demo literature: real CVD and ALD precursors and equipment. Every figure here is a published
 * literature value (CAS registry numbers, melting and boiling points at 1 atm unless stated,
 * densities); molar masses are computed from the Hill formula (chemistry.ts). Where a value is not
 * well established it is left out rather than guessed. The equipment sheets describe generic
 * product classes, not any vendor's part.
 *
 * This is demo data: every document generated from it says so.
 */

export type Illustration =
  | { kind: 'cylinder'; symbol: string; colour: string } // liquid in a bubbler
  | { kind: 'ampoule'; symbol: string; colour: string } // solid source
  | { kind: 'gas-cylinder'; symbol: string; colour: string } // compressed or liquefied gas
  | { kind: 'equipment'; drawing: EquipmentDrawing };

export type EquipmentDrawing =
  'bubbler' | 'ampoule' | 'ald-valve' | 'vaporizer' | 'mass-flow-controller' | 'heating-jacket' | 'gas-cabinet' | 'face-seal-fitting' | 'capacitance-manometer';

export interface Property {
  label: string;
  value: string;
}

export interface CatalogueEntry {
  /** Stable identifier: ids, content keys and file names derive from it. */
  slug: string;
  title: string;
  /** One or two sentences shown on the card. */
  description: string;
  category: string;
  /** For chemicals: formula as written (digits become subscripts), Hill formula and CAS number. */
  chemical?: { name: string; abbreviation?: string; formula: string; hill: string; cas: string };
  properties: Property[];
  applications: string[];
  packaging: string[];
  handling: string[];
  illustration: Illustration;
  altText: string;
}

const PYROPHORIC_HANDLING = [
  'Pyrophoric: ignites spontaneously on contact with air. Handle only under dry nitrogen or argon.',
  'Reacts violently with water and other protic compounds, releasing flammable gases.',
  'Use in closed systems with leak-checked, purged lines; keep a class D extinguisher at hand.',
];

const MOISTURE_SENSITIVE_HANDLING = [
  'Reacts with moisture and air; handle and store under dry inert gas.',
  'Flush delivery lines with dry inert gas before and after connecting the container.',
  'Wear chemical-resistant gloves and eye protection; consult the supplier’s SDS before use.',
];

const BUBBLER_PACKAGING = [
  '316L stainless-steel bubblers, electropolished inside, with manual diaphragm valves.',
  'Metal-gasket face-seal connections; filled and sealed under inert gas.',
];

const AMPOULE_PACKAGING = [
  '316L stainless-steel solid-source ampoules with internal trays for steady vapour pickup.',
  'Filled in an inert-atmosphere glovebox; face-seal valves, helium leak-tested.',
];

const GAS_CYLINDER_PACKAGING = [
  'High-pressure gas cylinders with a cylinder valve suited to the gas (CGA / DISS outlets).',
  'Delivered for use in an exhausted gas cabinet.',
];

export const DEMO_CATALOGUE: CatalogueEntry[] = [
  {
    slug: 'trimethylaluminum',
    title: 'Trimethylaluminum (TMA)',
    description:
      'The archetypal ALD precursor: TMA and water deposit Al₂O₃ one self-limiting layer at a time. Also the aluminium source for MOCVD of AlN, AlGaN and AlGaAs.',
    category: 'Aluminium precursor',
    chemical: { name: 'Trimethylaluminum', abbreviation: 'TMA', formula: 'Al(CH3)3', hill: 'C3H9Al', cas: '75-24-1' },
    properties: [
      { label: 'Appearance', value: 'Colourless liquid (dimeric, Al₂(CH₃)₆)' },
      { label: 'Melting point', value: '15 °C' },
      { label: 'Boiling point', value: '125–130 °C' },
      { label: 'Density', value: '0.752 g/cm³ at 25 °C' },
    ],
    applications: [
      'ALD of aluminium oxide (Al₂O₃) with H₂O or O₃ for gate dielectrics, passivation and encapsulation.',
      'Aluminium source for MOCVD of AlN, AlGaN and AlGaAs layers.',
      'Field-effect passivation of silicon solar cells (AlOx).',
    ],
    packaging: BUBBLER_PACKAGING,
    handling: PYROPHORIC_HANDLING,
    illustration: { kind: 'cylinder', symbol: 'Al', colour: '#5b7db1' },
    altText: 'Stainless-steel bubbler labelled TMA, Al(CH3)3, CAS 75-24-1',
  },
  {
    slug: 'trimethylgallium',
    title: 'Trimethylgallium (TMGa)',
    description:
      'The standard gallium source for MOCVD of GaN, GaAs and their alloys. A volatile, pyrophoric liquid delivered from temperature-controlled bubblers.',
    category: 'Gallium precursor',
    chemical: { name: 'Trimethylgallium', abbreviation: 'TMGa', formula: 'Ga(CH3)3', hill: 'C3H9Ga', cas: '1445-79-0' },
    properties: [
      { label: 'Appearance', value: 'Colourless liquid' },
      { label: 'Melting point', value: '−15.8 °C' },
      { label: 'Boiling point', value: '55.7 °C' },
    ],
    applications: [
      'Gallium source for MOCVD of GaN, InGaN and AlGaN for LEDs, lasers and power devices.',
      'MOCVD of GaAs and AlGaAs for photonic and RF devices.',
    ],
    packaging: BUBBLER_PACKAGING,
    handling: PYROPHORIC_HANDLING,
    illustration: { kind: 'cylinder', symbol: 'Ga', colour: '#4f8f7a' },
    altText: 'Stainless-steel bubbler labelled TMGa, Ga(CH3)3, CAS 1445-79-0',
  },
  {
    slug: 'triethylgallium',
    title: 'Triethylgallium (TEGa)',
    description:
      'A gallium source that decomposes at lower temperatures than TMGa with less carbon in the film. Chosen for InGaN quantum wells and other low-temperature MOCVD steps.',
    category: 'Gallium precursor',
    chemical: { name: 'Triethylgallium', abbreviation: 'TEGa', formula: 'Ga(C2H5)3', hill: 'C6H15Ga', cas: '1115-99-7' },
    properties: [
      { label: 'Appearance', value: 'Colourless liquid' },
      { label: 'Melting point', value: '−82.3 °C' },
      { label: 'Boiling point', value: '143 °C' },
    ],
    applications: ['MOCVD of InGaN quantum wells and GaN at reduced growth temperatures.', 'Low-carbon gallium source for GaAs-based structures.'],
    packaging: BUBBLER_PACKAGING,
    handling: PYROPHORIC_HANDLING,
    illustration: { kind: 'cylinder', symbol: 'Ga', colour: '#3f7f6a' },
    altText: 'Stainless-steel bubbler labelled TEGa, Ga(C2H5)3, CAS 1115-99-7',
  },
  {
    slug: 'trimethylindium',
    title: 'Trimethylindium (TMIn)',
    description:
      'The indium source for MOCVD of InP, InGaAs and InGaN. A solid at room temperature, it is supplied in ampoules designed for steady vapour pickup.',
    category: 'Indium precursor',
    chemical: { name: 'Trimethylindium', abbreviation: 'TMIn', formula: 'In(CH3)3', hill: 'C3H9In', cas: '3385-78-2' },
    properties: [
      { label: 'Appearance', value: 'White crystalline solid' },
      { label: 'Melting point', value: '88 °C' },
    ],
    applications: ['Indium source for MOCVD of InP and InGaAs for lasers and photodetectors.', 'MOCVD of InGaN active layers in blue and green LEDs.'],
    packaging: AMPOULE_PACKAGING,
    handling: PYROPHORIC_HANDLING,
    illustration: { kind: 'ampoule', symbol: 'In', colour: '#8a6bb1' },
    altText: 'Solid-source ampoule labelled TMIn, In(CH3)3, CAS 3385-78-2',
  },
  {
    slug: 'diethylzinc',
    title: 'Diethylzinc (DEZ)',
    description:
      'The usual zinc precursor for ALD of ZnO with water, from transparent conductors to thin-film transistors. Also a p-type dopant source in III-V MOCVD.',
    category: 'Zinc precursor',
    chemical: { name: 'Diethylzinc', abbreviation: 'DEZ', formula: 'Zn(C2H5)2', hill: 'C4H10Zn', cas: '557-20-0' },
    properties: [
      { label: 'Appearance', value: 'Colourless liquid' },
      { label: 'Melting point', value: '−28 °C' },
      { label: 'Boiling point', value: '117 °C' },
      { label: 'Density', value: '1.205 g/cm³' },
    ],
    applications: ['ALD of ZnO and aluminium-doped ZnO (with TMA) for transparent conductive films.', 'Zinc p-type doping in MOCVD of III-V semiconductors.'],
    packaging: BUBBLER_PACKAGING,
    handling: PYROPHORIC_HANDLING,
    illustration: { kind: 'cylinder', symbol: 'Zn', colour: '#7d8c99' },
    altText: 'Stainless-steel bubbler labelled DEZ, Zn(C2H5)2, CAS 557-20-0',
  },
  {
    slug: 'bis-cyclopentadienyl-magnesium',
    title: 'Bis(cyclopentadienyl)magnesium (Cp₂Mg)',
    description: 'Magnesocene, the magnesium dopant source that makes p-type GaN and AlGaN possible in MOCVD. A solid supplied in ampoules.',
    category: 'Magnesium precursor',
    chemical: { name: 'Bis(cyclopentadienyl)magnesium', abbreviation: 'Cp2Mg', formula: 'Mg(C5H5)2', hill: 'C10H10Mg', cas: '1284-72-6' },
    properties: [
      { label: 'Appearance', value: 'White solid' },
      { label: 'Melting point', value: '176 °C' },
    ],
    applications: ['Magnesium p-type doping of GaN and AlGaN in LED and laser structures.', 'ALD of magnesium oxide (MgO) with water.'],
    packaging: AMPOULE_PACKAGING,
    handling: [
      'Air- and moisture-sensitive; may ignite in air. Handle and store under dry inert gas.',
      'Reacts with water; keep away from protic solvents.',
      'Consult the supplier’s SDS before use.',
    ],
    illustration: { kind: 'ampoule', symbol: 'Mg', colour: '#b1865b' },
    altText: 'Solid-source ampoule labelled Cp2Mg, Mg(C5H5)2, CAS 1284-72-6',
  },
  {
    slug: 'tdmat',
    title: 'Tetrakis(dimethylamido)titanium (TDMAT)',
    description:
      'A halide-free titanium precursor for ALD and CVD of TiN barrier and liner layers and of TiO₂. Free of chlorine, so no corrosive by-products reach the film.',
    category: 'Titanium precursor',
    chemical: { name: 'Tetrakis(dimethylamido)titanium(IV)', abbreviation: 'TDMAT', formula: 'Ti[N(CH3)2]4', hill: 'C8H24N4Ti', cas: '3275-24-9' },
    properties: [
      { label: 'Appearance', value: 'Yellow liquid' },
      { label: 'Density', value: '0.947 g/cm³ at 25 °C' },
    ],
    applications: ['ALD and MOCVD of titanium nitride (TiN) diffusion barriers and liners.', 'ALD of titanium dioxide (TiO₂) with H₂O or O₃.'],
    packaging: BUBBLER_PACKAGING,
    handling: MOISTURE_SENSITIVE_HANDLING,
    illustration: { kind: 'cylinder', symbol: 'Ti', colour: '#b19a5b' },
    altText: 'Stainless-steel bubbler labelled TDMAT, Ti[N(CH3)2]4, CAS 3275-24-9',
  },
  {
    slug: 'titanium-tetrachloride',
    title: 'Titanium tetrachloride (TiCl₄)',
    description: 'A thermally robust titanium source for ALD of TiO₂ with water and TiN with ammonia. Its stability allows high process temperatures.',
    category: 'Titanium precursor',
    chemical: { name: 'Titanium(IV) chloride', abbreviation: 'TiCl4', formula: 'TiCl4', hill: 'Cl4Ti', cas: '7550-45-0' },
    properties: [
      { label: 'Appearance', value: 'Colourless liquid, fumes in moist air' },
      { label: 'Melting point', value: '−24.1 °C' },
      { label: 'Boiling point', value: '136.4 °C' },
      { label: 'Density', value: '1.726 g/cm³' },
    ],
    applications: ['ALD of TiO₂ with H₂O for optical and dielectric layers.', 'ALD and CVD of TiN with NH₃ for electrodes and barriers.'],
    packaging: BUBBLER_PACKAGING,
    handling: [
      'Reacts with moisture, releasing hydrogen chloride; corrosive to skin, eyes and airways.',
      'Handle in closed, purged systems; vent through a scrubbed exhaust.',
      'Consult the supplier’s SDS before use.',
    ],
    illustration: { kind: 'cylinder', symbol: 'Ti', colour: '#9a8a4f' },
    altText: 'Stainless-steel bubbler labelled TiCl4, CAS 7550-45-0',
  },
  {
    slug: 'temah',
    title: 'Tetrakis(ethylmethylamido)hafnium (TEMAH)',
    description: 'A liquid hafnium precursor for ALD of HfO₂ high-k gate dielectrics. Used with ozone or water across logic and memory processes.',
    category: 'Hafnium precursor',
    chemical: { name: 'Tetrakis(ethylmethylamido)hafnium(IV)', abbreviation: 'TEMAH', formula: 'Hf[N(CH3)(C2H5)]4', hill: 'C12H32HfN4', cas: '352535-01-4' },
    properties: [
      { label: 'Appearance', value: 'Colourless to pale yellow liquid' },
      { label: 'Density', value: '1.324 g/cm³ at 25 °C' },
    ],
    applications: ['ALD of hafnium oxide (HfO₂) high-k gate dielectrics with O₃ or H₂O.', 'Hafnium silicate and ferroelectric hafnium-zirconium oxide films.'],
    packaging: BUBBLER_PACKAGING,
    handling: MOISTURE_SENSITIVE_HANDLING,
    illustration: { kind: 'cylinder', symbol: 'Hf', colour: '#5b9ab1' },
    altText: 'Stainless-steel bubbler labelled TEMAH, Hf[N(CH3)(C2H5)]4, CAS 352535-01-4',
  },
  {
    slug: 'tdmah',
    title: 'Tetrakis(dimethylamido)hafnium (TDMAH)',
    description: 'A low-melting hafnium amide for ALD of HfO₂ and HfN. Its high vapour pressure suits thermal and plasma-enhanced ALD.',
    category: 'Hafnium precursor',
    chemical: { name: 'Tetrakis(dimethylamido)hafnium(IV)', abbreviation: 'TDMAH', formula: 'Hf[N(CH3)2]4', hill: 'C8H24HfN4', cas: '19782-68-4' },
    properties: [
      { label: 'Appearance', value: 'White to off-white solid' },
      { label: 'Melting point', value: '26–29 °C' },
    ],
    applications: ['ALD of HfO₂ with H₂O, O₃ or oxygen plasma.', 'Plasma-enhanced ALD of hafnium nitride.'],
    packaging: AMPOULE_PACKAGING,
    handling: MOISTURE_SENSITIVE_HANDLING,
    illustration: { kind: 'ampoule', symbol: 'Hf', colour: '#4f8aa1' },
    altText: 'Precursor ampoule labelled TDMAH, Hf[N(CH3)2]4, CAS 19782-68-4',
  },
  {
    slug: 'temaz',
    title: 'Tetrakis(ethylmethylamido)zirconium (TEMAZ)',
    description: 'The zirconium precursor behind ZrO₂-based DRAM capacitor dielectrics. Deposits ZrO₂ by ALD with ozone.',
    category: 'Zirconium precursor',
    chemical: { name: 'Tetrakis(ethylmethylamido)zirconium(IV)', abbreviation: 'TEMAZ', formula: 'Zr[N(CH3)(C2H5)]4', hill: 'C12H32N4Zr', cas: '175923-04-3' },
    properties: [
      { label: 'Appearance', value: 'Colourless to pale yellow liquid' },
      { label: 'Density', value: '1.049 g/cm³ at 25 °C' },
    ],
    applications: ['ALD of ZrO₂ and ZrO₂/Al₂O₃/ZrO₂ stacks for DRAM capacitors.', 'Hafnium-zirconium oxide ferroelectric films (with TEMAH).'],
    packaging: BUBBLER_PACKAGING,
    handling: MOISTURE_SENSITIVE_HANDLING,
    illustration: { kind: 'cylinder', symbol: 'Zr', colour: '#6b9ab1' },
    altText: 'Stainless-steel bubbler labelled TEMAZ, Zr[N(CH3)(C2H5)]4, CAS 175923-04-3',
  },
  {
    slug: 'pdmat',
    title: 'Pentakis(dimethylamido)tantalum (PDMAT)',
    description: 'A solid tantalum precursor for ALD of TaN copper-diffusion barriers in interconnects. Supplied in ampoules built for solid sources.',
    category: 'Tantalum precursor',
    chemical: { name: 'Pentakis(dimethylamido)tantalum(V)', abbreviation: 'PDMAT', formula: 'Ta[N(CH3)2]5', hill: 'C10H30N5Ta', cas: '19824-59-0' },
    properties: [{ label: 'Appearance', value: 'Yellow to orange solid' }],
    applications: ['ALD of tantalum nitride (TaN) barriers beneath copper interconnects.', 'ALD of Ta₂O₅ dielectric layers.'],
    packaging: AMPOULE_PACKAGING,
    handling: MOISTURE_SENSITIVE_HANDLING,
    illustration: { kind: 'ampoule', symbol: 'Ta', colour: '#a15b6b' },
    altText: 'Solid-source ampoule labelled PDMAT, Ta[N(CH3)2]5, CAS 19824-59-0',
  },
  {
    slug: 'tantalum-ethoxide',
    title: 'Tantalum(V) ethoxide (Ta(OEt)₅)',
    description: 'A liquid alkoxide for CVD and ALD of Ta₂O₅, a high-permittivity dielectric and high-index optical coating.',
    category: 'Tantalum precursor',
    chemical: { name: 'Tantalum(V) ethoxide', abbreviation: 'Ta(OEt)5', formula: 'Ta(OC2H5)5', hill: 'C10H25O5Ta', cas: '6074-84-6' },
    properties: [
      { label: 'Appearance', value: 'Colourless liquid' },
      { label: 'Melting point', value: '21 °C' },
      { label: 'Density', value: '1.566 g/cm³ at 25 °C' },
    ],
    applications: ['CVD and ALD of tantalum pentoxide (Ta₂O₅) capacitor dielectrics.', 'High-refractive-index layers in optical coatings.'],
    packaging: BUBBLER_PACKAGING,
    handling: MOISTURE_SENSITIVE_HANDLING,
    illustration: { kind: 'cylinder', symbol: 'Ta', colour: '#915b6b' },
    altText: 'Stainless-steel bubbler labelled Ta(OEt)5, Ta(OC2H5)5, CAS 6074-84-6',
  },
  {
    slug: 'teos',
    title: 'Tetraethyl orthosilicate (TEOS)',
    description: 'The workhorse liquid source for CVD silicon dioxide, from PECVD interlayer dielectrics to ozone-TEOS gap fill. Safer to handle than silane.',
    category: 'Silicon precursor',
    chemical: { name: 'Tetraethyl orthosilicate', abbreviation: 'TEOS', formula: 'Si(OC2H5)4', hill: 'C8H20O4Si', cas: '78-10-4' },
    properties: [
      { label: 'Appearance', value: 'Colourless liquid' },
      { label: 'Melting point', value: '−77 °C' },
      { label: 'Boiling point', value: '168–169 °C' },
      { label: 'Density', value: '0.933 g/cm³ at 20 °C' },
    ],
    applications: ['PECVD and LPCVD of SiO₂ for interlayer and intermetal dielectrics.', 'Sub-atmospheric CVD (O₃/TEOS) for conformal gap fill.'],
    packaging: ['316L stainless-steel canisters for bubbler or direct liquid injection delivery.', 'Bulk refill containers for continuous supply systems.'],
    handling: [
      'Flammable liquid and vapour; keep away from ignition sources.',
      'Hydrolyses slowly in moist air; store sealed under dry inert gas.',
      'Consult the supplier’s SDS before use.',
    ],
    illustration: { kind: 'cylinder', symbol: 'Si', colour: '#7a9a5b' },
    altText: 'Stainless-steel canister labelled TEOS, Si(OC2H5)4, CAS 78-10-4',
  },
  {
    slug: 'tungsten-hexafluoride',
    title: 'Tungsten hexafluoride (WF₆)',
    description:
      'The tungsten source for CVD of tungsten contacts and vias, reduced by hydrogen after a silane nucleation step. A dense gas supplied as a liquefied gas in cylinders.',
    category: 'Tungsten precursor',
    chemical: { name: 'Tungsten(VI) fluoride', abbreviation: 'WF6', formula: 'WF6', hill: 'F6W', cas: '7783-82-6' },
    properties: [
      { label: 'Appearance', value: 'Colourless gas (liquefied under pressure)' },
      { label: 'Melting point', value: '2.3 °C' },
      { label: 'Boiling point', value: '17.1 °C' },
    ],
    applications: ['CVD of tungsten plugs, contacts and vias (WF₆ + H₂, with SiH₄ nucleation).', 'ALD of tungsten nucleation layers with B₂H₆ or SiH₄.'],
    packaging: GAS_CYLINDER_PACKAGING,
    handling: [
      'Toxic and corrosive; reacts with moisture to form hydrogen fluoride.',
      'Use only in an exhausted gas cabinet with leak detection.',
      'Consult the supplier’s SDS before use.',
    ],
    illustration: { kind: 'gas-cylinder', symbol: 'W', colour: '#6b6b91' },
    altText: 'Gas cylinder labelled WF6, tungsten hexafluoride, CAS 7783-82-6',
  },
  {
    slug: 'silane',
    title: 'Silane (SiH₄)',
    description:
      'The basic silicon source gas for CVD of polysilicon, amorphous silicon, silicon oxide and silicon nitride. Pyrophoric, so it is delivered from exhausted gas cabinets.',
    category: 'Silicon precursor',
    chemical: { name: 'Silane', abbreviation: 'SiH4', formula: 'SiH4', hill: 'H4Si', cas: '7803-62-5' },
    properties: [
      { label: 'Appearance', value: 'Colourless gas' },
      { label: 'Melting point', value: '−185 °C' },
      { label: 'Boiling point', value: '−111.9 °C' },
    ],
    applications: [
      'LPCVD of polysilicon and PECVD of amorphous silicon.',
      'PECVD of SiO₂ (with N₂O) and SiNₓ (with NH₃).',
      'Nucleation step for CVD tungsten.',
    ],
    packaging: GAS_CYLINDER_PACKAGING,
    handling: [
      'Pyrophoric gas: may ignite spontaneously in air.',
      'Use only in an exhausted gas cabinet with excess-flow protection and leak detection.',
      'Consult the supplier’s SDS before use.',
    ],
    illustration: { kind: 'gas-cylinder', symbol: 'Si', colour: '#6a8a4b' },
    altText: 'Gas cylinder labelled SiH4, silane, CAS 7803-62-5',
  },
  {
    slug: 'dichlorosilane',
    title: 'Dichlorosilane (DCS)',
    description: 'A chlorosilane for LPCVD of silicon nitride with ammonia and for silicon epitaxy. Supplied as a liquefied gas.',
    category: 'Silicon precursor',
    chemical: { name: 'Dichlorosilane', abbreviation: 'DCS', formula: 'SiH2Cl2', hill: 'Cl2H2Si', cas: '4109-96-0' },
    properties: [
      { label: 'Appearance', value: 'Colourless gas (liquefied under pressure)' },
      { label: 'Melting point', value: '−122 °C' },
      { label: 'Boiling point', value: '8.3 °C' },
    ],
    applications: ['LPCVD of silicon nitride (Si₃N₄) with NH₃.', 'Epitaxial silicon and silicon-germanium growth.'],
    packaging: GAS_CYLINDER_PACKAGING,
    handling: [
      'Flammable; hydrolyses in moist air to hydrogen chloride.',
      'Use only in an exhausted gas cabinet with leak detection.',
      'Consult the supplier’s SDS before use.',
    ],
    illustration: { kind: 'gas-cylinder', symbol: 'Si', colour: '#5a7a3b' },
    altText: 'Gas cylinder labelled DCS, SiH2Cl2, CAS 4109-96-0',
  },
  {
    slug: 'stainless-steel-bubbler',
    title: 'Stainless-Steel Liquid Precursor Bubbler',
    description:
      'A 316L stainless-steel container that delivers liquid precursor vapour by bubbling carrier gas through a dip tube. Electropolished inside and fitted with face-seal diaphragm valves.',
    category: 'Precursor delivery equipment',
    properties: [
      { label: 'Body', value: '316L stainless steel, electropolished interior' },
      { label: 'Ports', value: 'Carrier-gas inlet with dip tube, vapour outlet, optional fill port' },
      { label: 'Valves', value: 'Manual or pneumatic all-metal diaphragm valves' },
      { label: 'Connections', value: 'Metal-gasket face-seal fittings' },
    ],
    applications: [
      'Vapour delivery of liquid precursors such as TMA, DEZ, TDMAT and TEMAH.',
      'Carrier-gas bubbling or vapour-draw operation in ALD and MOCVD tools.',
    ],
    packaging: ['Cleaned, helium leak-tested, purged with dry nitrogen and double-bagged.'],
    handling: [
      'Keep the bubbler within the temperature range its vapour-pressure set-point assumes.',
      'Never reverse inlet and outlet: liquid can be carried into the delivery line.',
    ],
    illustration: { kind: 'equipment', drawing: 'bubbler' },
    altText: 'Drawing of a stainless-steel bubbler with a dip tube and two diaphragm valves',
  },
  {
    slug: 'solid-source-ampoule',
    title: 'Solid Precursor Sublimation Ampoule',
    description:
      'An ampoule for solid precursors such as TMIn, PDMAT and Cp₂Mg. Internal trays spread the solid so vapour pickup stays steady as the charge is used up.',
    category: 'Precursor delivery equipment',
    properties: [
      { label: 'Body', value: '316L stainless steel, electropolished' },
      { label: 'Interior', value: 'Stacked trays or baffles that keep the exposed surface constant' },
      { label: 'Connections', value: 'Metal-gasket face-seal fittings with diaphragm valves' },
    ],
    applications: ['Sublimation delivery of TMIn in MOCVD.', 'Delivery of PDMAT, TDMAH and other solid ALD precursors.'],
    packaging: ['Cleaned, helium leak-tested, purged and sealed for inert-atmosphere filling.'],
    handling: ['Heat evenly; cold spots downstream of the ampoule condense precursor.', 'Fill and open only under inert atmosphere.'],
    illustration: { kind: 'equipment', drawing: 'ampoule' },
    altText: 'Drawing of a solid-source ampoule cut away to show internal trays',
  },
  {
    slug: 'ald-diaphragm-valve',
    title: 'High-Speed ALD Diaphragm Valve',
    description:
      'A pneumatically actuated all-metal diaphragm valve that opens and closes in milliseconds, dosing precursor pulses into an ALD chamber. High-temperature versions sit on heated delivery lines.',
    category: 'ALD components',
    properties: [
      { label: 'Seal', value: 'All-metal diaphragm, no elastomer in the wetted path' },
      { label: 'Actuation', value: 'Pneumatic, normally closed' },
      { label: 'Connections', value: 'Metal-gasket face-seal or surface-mount' },
    ],
    applications: ['Precursor and co-reactant pulses in thermal and plasma-enhanced ALD.', 'Fast purge switching in spatial and temporal ALD tools.'],
    packaging: ['Cleaned for ultra-high-purity service and double-bagged.'],
    handling: ['Size the actuation-air supply for the pulse rate; slow air lengthens pulses.'],
    illustration: { kind: 'equipment', drawing: 'ald-valve' },
    altText: 'Drawing of a pneumatic diaphragm valve with an actuator above the valve body',
  },
  {
    slug: 'direct-liquid-injection-vaporizer',
    title: 'Direct Liquid Injection Vaporizer',
    description:
      'Meters a liquid precursor or precursor solution and flash-vaporizes it into the carrier gas. The route for low-volatility precursors that bubblers cannot deliver steadily.',
    category: 'Precursor delivery equipment',
    properties: [
      { label: 'Principle', value: 'Liquid flow metering followed by flash vaporization' },
      { label: 'Wetted materials', value: '316L stainless steel' },
    ],
    applications: ['Delivery of low-vapour-pressure precursors and solutions for CVD and ALD.', 'High-dose TEOS delivery for SiO₂ deposition.'],
    packaging: ['Cleaned, leak-tested and double-bagged.'],
    handling: ['Keep the vaporizer above the precursor’s condensation temperature and below its decomposition temperature.'],
    illustration: { kind: 'equipment', drawing: 'vaporizer' },
    altText: 'Drawing of a liquid injection vaporizer with liquid and carrier-gas inlets',
  },
  {
    slug: 'thermal-mass-flow-controller',
    title: 'Thermal Mass Flow Controller',
    description:
      'Measures and controls carrier and process gas flow by heat transfer in a sensor tube. Sets the carrier flow that carries precursor vapour from bubblers.',
    category: 'Gas handling',
    properties: [
      { label: 'Principle', value: 'Thermal mass flow sensing with a proportional control valve' },
      { label: 'Flow unit', value: 'Standard cubic centimetres per minute (sccm)' },
      { label: 'Connections', value: 'Metal-gasket face-seal or surface-mount' },
    ],
    applications: ['Carrier-gas control for bubblers and ampoules.', 'Process gas dosing in CVD and ALD.'],
    packaging: ['Calibrated for the specified gas, cleaned and double-bagged.'],
    handling: ['Use the calibration gas correction factor when metering a different gas.'],
    illustration: { kind: 'equipment', drawing: 'mass-flow-controller' },
    altText: 'Drawing of a mass flow controller with an electronics housing on a gas block',
  },
  {
    slug: 'bubbler-heating-jacket',
    title: 'Bubbler Heating Jacket',
    description:
      'A fitted heating jacket with its own temperature controller that holds a bubbler or ampoule at a steady temperature, so the precursor vapour pressure stays constant.',
    category: 'Precursor delivery equipment',
    properties: [
      { label: 'Control', value: 'Closed-loop temperature control with over-temperature cut-out' },
      { label: 'Fit', value: 'Made to the container’s dimensions for even heating' },
    ],
    applications: ['Temperature control of bubblers and solid-source ampoules.'],
    packaging: ['Supplied with controller and thermocouple.'],
    handling: ['Heat delivery lines above the container temperature to prevent condensation.'],
    illustration: { kind: 'equipment', drawing: 'heating-jacket' },
    altText: 'Drawing of a bubbler wrapped in a heating jacket with a temperature controller',
  },
  {
    slug: 'gas-cabinet',
    title: 'Exhausted Gas Cabinet',
    description:
      'An exhausted enclosure with a purge panel for cylinders of hazardous gases such as silane, dichlorosilane and WF₆. Automated purging and excess-flow shut-off protect people and tools.',
    category: 'Gas handling',
    properties: [
      { label: 'Enclosure', value: 'Steel cabinet with continuous exhaust and access window' },
      { label: 'Panel', value: 'Automated purge panel with pressure monitoring' },
      { label: 'Safety', value: 'Excess-flow shut-off and gas detection interlocks' },
    ],
    applications: ['Supply of pyrophoric, toxic and corrosive gases to CVD and ALD tools.'],
    packaging: ['Shipped assembled, leak-tested, for installation by qualified gas technicians.'],
    handling: ['Install to local code for hazardous production materials.'],
    illustration: { kind: 'equipment', drawing: 'gas-cabinet' },
    altText: 'Drawing of a gas cabinet with two cylinders behind a window and a purge panel',
  },
  {
    slug: 'face-seal-fittings',
    title: 'Metal-Gasket Face-Seal Fittings',
    description:
      'Ultra-high-purity fittings that seal on a metal gasket between two polished beads. The standard connection for precursor containers, valves and delivery lines.',
    category: 'ALD components',
    properties: [
      { label: 'Material', value: '316L stainless steel' },
      { label: 'Gaskets', value: 'Nickel or stainless steel, silver-plated on request' },
      { label: 'Sizes', value: '1/8 in, 1/4 in and 1/2 in' },
    ],
    applications: ['Leak-tight connections for precursor containers, valves and gas lines.'],
    packaging: ['Cleaned for ultra-high-purity service and bagged in pairs with gaskets.'],
    handling: ['Use a new gasket every time a fitting is remade.'],
    illustration: { kind: 'equipment', drawing: 'face-seal-fitting' },
    altText: 'Drawing of a face-seal fitting pair with a metal gasket between the glands',
  },
  {
    slug: 'capacitance-manometer',
    title: 'Capacitance Manometer',
    description:
      'A diaphragm pressure gauge whose reading does not depend on the gas. Used to watch chamber and delivery-line pressure through every ALD cycle.',
    category: 'Process measurement',
    properties: [
      { label: 'Principle', value: 'Deflection of a metal diaphragm measured as a change in capacitance' },
      { label: 'Reading', value: 'Independent of gas composition' },
    ],
    applications: ['Chamber pressure control in CVD and ALD.', 'Monitoring precursor pulses and purges.'],
    packaging: ['Calibrated, cleaned and double-bagged.'],
    handling: ['Heated versions should stay at temperature to avoid drift and condensation.'],
    illustration: { kind: 'equipment', drawing: 'capacitance-manometer' },
    altText: 'Drawing of a capacitance manometer with a round sensor head on a face-seal port',
  },
];
