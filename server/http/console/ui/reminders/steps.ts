// A reminder schedule's offsets (days from the due date: −3 before it, 7 after) as the steps the
// person edits: a number of days and whether they count before or after the due date, or the day itself.

export type When = "before" | "on" | "after";

/** One step as typed; `key` keeps a row's identity while others are added and removed. */
export type Step = { key: number; when: When; days: string };

let nextKey = 0;

export function newStep(when: When, days: number): Step {
  nextKey += 1;
  return { key: nextKey, when, days: when === "on" ? "" : String(days) };
}

export function stepsOf(offsets: readonly number[]): Step[] {
  return offsets.map((offset) => newStep(offset < 0 ? "before" : offset > 0 ? "after" : "on", Math.abs(offset)));
}

/**
 * The offset a step stands for. Days that do not read as a number go to the service as they read
 * (NaN travels as null), so its refusal names the step.
 */
export function offsetOf(step: Step): number {
  if (step.when === "on") return 0;
  const days = Number(step.days.trim());
  return step.when === "before" ? -days : days;
}

/** The step a new row suggests: a week after the last one, or a week after the due date. */
export function followingStep(steps: readonly Step[]): Step {
  const offsets = steps.map(offsetOf).filter(Number.isInteger);
  const last = offsets.length ? Math.max(...offsets) : 0;
  return newStep("after", Math.max(last, 0) + 7);
}

/** The offsets as the service will keep them: whole numbers, in order, each once (unreadable steps left out). */
export function plannedOffsets(steps: readonly Step[]): number[] {
  return [...new Set(steps.map(offsetOf).filter(Number.isInteger))].sort((a, b) => a - b);
}
