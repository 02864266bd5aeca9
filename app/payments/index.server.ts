// Payments' front door (issue 41, decision 0044): routes, the benchmark and the tests call these, nothing behind them.
// Inside: ledger.server.ts (the append-only ledger, balances summed from it, what is due), aid.server.ts (requests for
// help and staff's answers), access.server.ts (who may: one function a rule), provider.server.ts (the site's payment
// interface and Stripe's hosted Checkout behind it), checkout.server.ts (opening a Checkout, the webhook's events),
// staff.server.ts (balances and payments recorded by hand), receipts.server.ts (the page, the PDF and the mail),
// refunds*.ts (staff's refunds, through the provider for a card payment, and the provider's refund events).
// Charges are made by the database when an enrollment becomes Enrolled (migration 0034): enrollment knows nothing of
// payments.
export {
  canHoldAccount,
  getCoachesForPaymentStaff,
  isPaymentStaff,
  paymentStaffCondition,
  requireAccountHolder,
  requireAccountHolderWithAccount,
  requirePaymentStaff,
  setPaymentStaff,
} from "./access.server";
export { getAccountView } from "./account-view.server";
export { createAidRequest, decideAidRequest, getAidState, getOpenAidRequests, type AidQueueItem, type AidState } from "./aid.server";
export { handleProviderEvent, MIN_CARD_CENTS, startCheckout, type StartCheckoutResult, type WebhookOutcome } from "./checkout.server";
export {
  addCorrection,
  entriesPageStatement,
  findAccountFor,
  getBalance,
  getDue,
  getEntries,
  getEntriesPage,
  getOrCreateAccountFor,
  HISTORY_PAGE_ROWS,
  historyPage,
  recordPayment,
  type Due,
  type LedgerRow,
} from "./ledger.server";
export { paymentProviderFor, stripeProvider, type PaymentProvider, type ProviderEvent } from "./provider.server";
export { getReceipt, linesPdf, mailReceipt, methodWords, receiptLines, receiptPdf, type Receipt } from "./receipts.server";
export { requireOwnReceipt } from "./receipt-access.server";
export { financeCells, financeHeadings, getFinanceReport, type FinanceRow, type FinanceTotals } from "./finances.server";
export {
  cancelSession,
  chargeSeasonMonths,
  getCancellableSessions,
  getSessionCancellation,
  runSeasonFeesJob,
  SEASON_FEES_JOB,
  type CancelSessionResult,
} from "./season-fees.server";
export {
  askHelpForKeptRequest,
  getRequestHelpState,
  parseRequestHelp,
  readHelpAnswers,
  withHelpRequested,
  type RequestHelp,
} from "./season-fees-aid.server";
export { getFunderAid, type AidFigures, type FunderAid } from "./season-fees-report.server";
export { answerRefund, isConfirmed, type RefundAnswer } from "./refunds-action.server";
export { handleRefundEvent, refundPayment, getRefundablePayments, type RefundResult, type RefundEventOutcome } from "./refunds.server";
export { getStaffAccountView } from "./refunds-view.server";
export { correctAccount, getAccountSummaries, recordManualPayment, type AccountSummary } from "./staff.server";
export {
  askHelpAfterBooking,
  canAskHelpWhileBooking,
  getCancelCredits,
  getCreditCutoffHours,
  getLessonPrices,
  getLessonQuote,
  setCreditCutoffHours,
  parseLessonHelp,
  setLessonPrices,
  type LessonQuote,
} from "./lesson-fees.server";
