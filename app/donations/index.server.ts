// Donations' front door (issue 41, decision 0060): giving online through the card provider's hosted Checkout (one-off
// or monthly, the fee covered or not), the provider's events that record each gift once and mail its receipt, and
// the organisation's EIN printed on receipts. Routes, the webhook and the tests call these, nothing behind them.
// Inside: gross-up.ts (the fee's formula, pure), schemas.ts, give.server.ts (opening a Checkout), events.server.ts
// (the webhook's gifts), receipt.server.ts (lines, mail, PDF through payments' writer), settings*.ts (the EIN and the
// card fee donors cover), stop.server.ts (stopping a monthly gift: its receipt's link, /account/donations, the event).
export { handleDonationEvent, type DonationEvent, type DonationOutcome } from "./events.server";
export { startDonation, type GiveResult } from "./give.server";
export { donationReceiptLines, getDonationReceipt, type DonationReceipt } from "./receipt.server";
export { answerCardFee, answerDonationSettings } from "./settings-form.server";
export { answerStop, giftView } from "./stop-action.server";
export { getCardFee, getEin, setCardFee, setEin } from "./settings.server";
export {
  getMonthlyGift,
  getMonthlyGiftsFor,
  handleGiftStopped,
  isStopKey,
  stopMonthlyGift,
  stopUrl,
  type MonthlyGift,
  type StopResult,
} from "./stop.server";
