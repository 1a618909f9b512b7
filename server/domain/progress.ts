// How long work reports how far it has got (ADR 0014): pieces done of a total, with a word on the last.
export type ProgressReporter = (done: number, total: number, message?: string) => void;
