// The languages the console speaks. A person's pick among them is theirs, kept with them (not with
// an account, whose locale is for the buyers its invoices go to), so every browser they use speaks it.
export const INTERFACE_LANGUAGES = ["en", "de", "fr", "es", "it", "nl", "pt", "ja"] as const;
export type InterfaceLanguage = (typeof INTERFACE_LANGUAGES)[number];
