import { router } from "../builders.ts";
import { createInvoice } from "./create-invoice.ts";
import { createInvoiceFromDsl } from "./create-invoice-from-dsl.ts";
import { deleteInvoice } from "./delete-invoice.ts";
import { duplicateInvoice } from "./duplicate-invoice.ts";
import { exportInlineInvoice } from "./export-inline-invoice.ts";
import { renderInvoice } from "./render-invoice.ts";
import { exportInvoicesBulk } from "./export-invoices-bulk.ts";
import { exportInvoiceFormats } from "./export-invoice-formats.ts";
import { exportInvoice } from "./export-invoice.ts";
import { finalizeInvoice } from "./finalize-invoice.ts";
import { getInvoice } from "./get-invoice.ts";
import { previewInvoice } from "./preview-invoice.ts";
import { getSharedInvoice } from "./get-shared-invoice.ts";
import { invoiceHistory } from "./invoice-history.ts";
import { listInvoices } from "./list-invoices.ts";
import { listInvoiceMail } from "./list-invoice-mail.ts";
import { listAccountMail } from "./list-account-mail.ts";
import { retryInvoiceMail } from "./retry-invoice-mail.ts";
import { listPayments } from "./list-payments.ts";
import { recordPayment } from "./record-payment.ts";
import { removePayment } from "./remove-payment.ts";
import { revokeShare } from "./revoke-share.ts";
import { sendInvoice } from "./send-invoice.ts";
import { shareInvoice } from "./share-invoice.ts";
import { suggestItems } from "./suggest-items.ts";
import { summarizeInlineInvoice } from "./summarize-inline-invoice.ts";
import { summarizeInvoice } from "./summarize-invoice.ts";
import { summarizeInvoices } from "./summarize-invoices.ts";
import { summarizeSharedInvoice } from "./summarize-shared-invoice.ts";
import { transitionInvoice } from "./transition-invoice.ts";
import { undoFinalize } from "./undo-finalize.ts";
import { updateInvoice } from "./update-invoice.ts";

export const invoicesRouter = router({
  create: createInvoice,
  createFromDsl: createInvoiceFromDsl,
  list: listInvoices,
  get: getInvoice,
  update: updateInvoice,
  delete: deleteInvoice,
  transition: transitionInvoice,
  recordPayment,
  removePayment,
  payments: listPayments,
  mail: listInvoiceMail,
  retryMail: retryInvoiceMail,
  accountMail: listAccountMail,
  history: invoiceHistory,
  finalize: finalizeInvoice,
  undoFinalize,
  duplicate: duplicateInvoice,
  export: exportInvoice,
  preview: previewInvoice,
  exportInline: exportInlineInvoice,
  render: renderInvoice,
  exportFormats: exportInvoiceFormats,
  exportBulk: exportInvoicesBulk,
  send: sendInvoice,
  share: shareInvoice,
  unshare: revokeShare,
  shared: getSharedInvoice,
  summarize: summarizeInvoice,
  summarizeShared: summarizeSharedInvoice,
  summarizeInline: summarizeInlineInvoice,
  summarizeSet: summarizeInvoices,
  suggest: suggestItems,
});
