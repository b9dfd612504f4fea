/** What the FIR reader's result shows, on the page and in its PDF (fir-result.pdf.ts). */

export const FIR_PDF_TITLE = 'FIR Search Results';

/** The FIR the reader was asked about (part 3 §3 "FIR search input"). */
export type TFirSearchData = { police_station?: string | null; fir_no?: string | null; year?: string | null };

/** A section as the result shows it. */
export type TFirResultSection = {
  fir_no: string;
  title: string;
  arrest_info: string | null;
  warrent_info: string | null;
  bailable_info: string | null;
  compoundable_info: string | null;
  punishment_info: string | null;
  court_triable: string | null;
  link?: string | null;
};

export type TFirResultGroup = { statute: string; sections: TFirResultSection[] };

/** The rows of a section's classification, labelled as the result page labels them. */
export const FIR_RESULT_FIELDS: readonly [keyof TFirResultSection, string][] = [
  ['arrest_info', 'Arrest'],
  ['warrent_info', 'Warrant'],
  ['bailable_info', 'Bail'],
  ['compoundable_info', 'Compoundable'],
  ['punishment_info', 'Punishment'],
  ['court_triable', 'Trial court'],
];

/** The FIR line of the result: police station, FIR no. and year, those given. */
export const firLine = (s: TFirSearchData): string =>
  [
    s.police_station?.trim() && `Police Station: ${s.police_station.trim()}`,
    s.fir_no?.trim() && `FIR No.: ${s.fir_no.trim()}`,
    s.year?.trim() && `Year: ${s.year.trim()}`,
  ]
    .filter(Boolean)
    .join('   ');
