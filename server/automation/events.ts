// The event log every change writes into, in the change's own transaction (ADR 0016): a crash
// either keeps the change and its event or neither, and webhooks are fed from it afterwards.
import type { Executor } from "../../db/client.ts";
import { insertEvent, type StoredEvent } from "../../db/queries/events.ts";
import type { EventRecord, NewEvent } from "../domain/events.ts";
import { newId } from "../domain/ids.ts";

export type EventLog = {
  /** Writes the events with `tx`, the transaction of the change they announce; returns them stored, with their seq. */
  record(tx: Executor, accountId: string, now: Date, events: readonly NewEvent[]): Promise<StoredEvent[]>;
};

/** `enabled: false` (EVENTS=off) exists only to measure what events cost a write. */
export function createEventLog({ enabled }: { enabled: boolean }): EventLog {
  return {
    async record(tx, accountId, now, events) {
      if (!enabled) return [];
      const stored: StoredEvent[] = [];
      for (const event of events) {
        const record: EventRecord = { id: newId("evt", now.getTime()), type: event.type, resource: event.resource, data: event.data, created_at: now.toISOString() };
        stored.push({ ...record, seq: await insertEvent(tx, accountId, record) });
      }
      return stored;
    },
  };
}
