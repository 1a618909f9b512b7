// Payment reminders: setting an account's schedule, and the `queue-reminders` job. For every account
// with a schedule, the open invoices whose reminder day has come get one e-mail per offset, queued in
// the send outbox (kind "reminder"). The claim (reminder_sends), the share link and the message
// commit together; the invoice is read again under the write lock, and the outbox checks once more
// at delivery, so a payment that lands in between stops it.
import { claimReminder, remindedOffsets } from "../../db/queries/mail.ts";
import { findReminderCandidates, listEnabledReminderSchedules, putReminderSchedule } from "../../db/queries/reminders.ts";
import { DEFAULT_SHARE_DAYS, shareLinkIn } from "../documents/shares.ts";
import { dueReminder, isRemindable, normalizedSchedule, reminderDueDates, type ReminderSchedule } from "../domain/reminders.ts";
import { ownedInvoice } from "../invoices/ownership.ts";
import { clientEmailOf } from "../invoices/send.ts";
import { loadProfile, todayFor } from "../accounts/profile.ts";
import type { Services } from "../services.ts";
import { reminderContent } from "./mail/content.ts";
import { queueMail } from "./mail/queue.ts";
import type { Job } from "./scheduler.ts";

/** Sets the account's schedule, its offsets in order without repeats, and answers it as stored. */
export async function setReminderSchedule(services: Services, accountId: string, requested: ReminderSchedule): Promise<ReminderSchedule> {
  const schedule = normalizedSchedule(requested);
  await services.database.write((tx) => putReminderSchedule(tx, accountId, schedule));
  return schedule;
}

/** Queues the reminder at `offset` unless, under the lock, the invoice no longer wants it or it went already. */
async function queueReminder(services: Services, accountId: string, schedule: ReminderSchedule, invoiceId: string, today: string): Promise<void> {
  await services.database.write(async (tx) => {
    const record = await ownedInvoice(tx, accountId, invoiceId);
    const offset = dueReminder(schedule, record, today, await remindedOffsets(tx, invoiceId));
    // dueReminder checked isRemindable already; asking again narrows the type (a due date is there).
    if (offset === null || !isRemindable(record)) return;
    const to = await clientEmailOf(tx, accountId, record);
    if (!to) return;
    const profile = await loadProfile(tx, accountId);
    const share = await shareLinkIn(services, tx, accountId, invoiceId, DEFAULT_SHARE_DAYS);
    const content = reminderContent(record, offset, share.url);
    const message = { to: [to], cc: [], reply_to: profile.contact.email, ...content, attach: [], offset_days: offset };
    const mail = await queueMail(services, tx, { accountId, invoiceId, kind: "reminder", message });
    await claimReminder(tx, { accountId, invoiceId, offsetDays: offset, mailId: mail.id, now: services.clock.now().toISOString() });
  });
}

export async function queueDueReminders(services: Services): Promise<void> {
  const { db } = services.database;
  for (const { accountId, schedule } of await listEnabledReminderSchedules(db)) {
    const today = todayFor(await loadProfile(db, accountId), services.clock.now());
    const dueDates = reminderDueDates(schedule, today);
    if (!dueDates) continue;
    for (const record of await findReminderCandidates(db, accountId, dueDates)) {
      if (dueReminder(schedule, record, today, await remindedOffsets(db, record.id)) !== null) {
        await queueReminder(services, accountId, schedule, record.id, today);
      }
    }
  }
}

export const queueReminders: Job = { name: "queue-reminders", everyMs: 15 * 60_000, run: queueDueReminders };
