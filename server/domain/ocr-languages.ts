// The languages OCR can read: each one's trained data ships as an npm package (@tesseract.js-data/<code>),
// one for every label language the service prints. Every language a worker holds is tried on every
// word, so each costs time: measured on one A4 page, three languages read in 3.8 s, the seven
// Latin-script ones in 5.0 s, all eight (Japanese too) in 7.5 s. The default is the three;
// OCR_LANGUAGES picks others.
export const SHIPPED_OCR_LANGUAGES = ["eng", "deu", "fra", "spa", "ita", "nld", "por", "jpn"] as const;
export type OcrLanguage = (typeof SHIPPED_OCR_LANGUAGES)[number];
export const DEFAULT_OCR_LANGUAGES: readonly OcrLanguage[] = ["eng", "deu", "fra"];
