// The sentences of a summary, one implementation per language (en.ts, de.ts …). Every phrase takes
// its words already laid out for the reader (amounts, dates, counts): a phrase file only arranges them
// with its language's grammar, and a language that misses a phrase fails tsc.
import type { InvoiceType } from "../../../server/domain/lifecycle.ts";
import type { NextAction } from "../invoice.ts";
import { de } from "./de.ts";
import { en } from "./en.ts";
import { es } from "./es.ts";
import { fr } from "./fr.ts";
import { it } from "./it.ts";
import { ja } from "./ja.ts";
import { nl } from "./nl.ts";
import { pt } from "./pt.ts";

/** A number, laid out for the reader's locale, with the plural category it takes in their language. */
export type Count = { value: number; text: string; plural: Intl.LDMLPluralRule };

/** A due date that has not passed: `days` left, or null when it falls due today. */
export type DueAhead = { date: string; days: Count | null };

/** Where a document stands, as its status and dates tell it on the summary's day. */
export type Standing =
  | { kind: "draft"; finalized: boolean }
  | { kind: "review" }
  | { kind: "approved" }
  /** Sent (and perhaps viewed), its due date, if any, not passed. */
  | { kind: "open"; viewed: boolean; due: DueAhead | null }
  /** An invoice or credit note past its due date or marked overdue; `days` when the dates say how late. */
  | { kind: "overdue"; due: string | null; days: Count | null }
  /** A quote or purchase order past its due date: never "overdue", just a date gone by. */
  | { kind: "lapsed"; due: string }
  | { kind: "paid" }
  | { kind: "void" };

export type Identity = {
  type: InvoiceType;
  /** Null for a document not yet numbered: the phrase calls it a draft. */
  number: string | null;
  from: string;
  to: string;
  /** The first line's description, or null when there are no lines yet. */
  item: string | null;
  /** How many lines follow the first, when any do. */
  more: Count | null;
};

/** Statuses a set summary names, the sent, viewed and overdue ones together as "open". */
export type SetGroup = "draft" | "review" | "approved" | "open" | "paid" | "void";

/** The overdue part of one currency's figures. */
export type SetOverdue = { count: Count; amount: string; oldest: Count | null };

export type SetPhrases = {
  /** The whole summary of an empty set. */
  none(client: string | null): string;
  /** One group with its count: "2 drafts". */
  group(group: SetGroup, count: Count): string;
  /** The group every document of the set is in: "all paid" (just "paid" for one). */
  only(group: SetGroup, count: Count): string;
  /** The whole summary of a set in one currency; `groups` already listed, `due` null when nothing is. */
  single(args: { count: Count; client: string | null; groups: string | null; overdue: SetOverdue | null; due: string | null }): string;
  /** The opening sentence of a set in several currencies. */
  headline(args: { count: Count; client: string | null; groups: string | null; currencies: Count }): string;
  /** One currency's sentence in a set of several; `currency` is its ISO code. */
  currency(args: { currency: string; count: Count; overdue: SetOverdue | null; due: string | null }): string;
};

export type SummaryPhrases = {
  /** Between sentences: a space, or nothing in Japanese, whose 。 needs none. */
  gap: string;
  /** What the document is, between whom, and what for. */
  identity(args: Identity): string;
  /** The total, with its tax when there is any. */
  total(args: { total: string; tax: string | null }): string;
  /** The status in words, with the due date and how far off or past it is. */
  standing(args: { type: InvoiceType; standing: Standing }): string;
  /** For an open document something was paid on. */
  partlyPaid(args: { paid: string; due: string }): string;
  /** What to do next; `to` is the recipient's name. */
  next(args: { type: InvoiceType; to: string; action: NextAction }): string;
  set: SetPhrases;
};

/** The languages a summary is written in; any other reader gets English (readerFor, ../invoice.ts). */
export const SUMMARY_PHRASES = { en, de, fr, es, it, nl, pt, ja } satisfies Record<string, SummaryPhrases>;
export type SummaryLanguage = keyof typeof SUMMARY_PHRASES;
