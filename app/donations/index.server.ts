// Donations' front door (issue 41, decision 0060): giving online through the card provider's hosted Checkout (one-off
// or monthly, the fee covered or not), the provider's events that record each gift once and mail its receipt, and
// the organisation's EIN printed on receipts. Routes, the webhook and the tests call these, nothing behind them.
// Inside: gross-up.ts (the fee's formula, pure), schemas.ts, give.server.ts (opening a Checkout), events.server.ts
// (the webhook's gifts), receipt.server.ts (lines, mail, PDF through payments' writer), settings*.ts (the EIN).
export { handleDonationEvent, type DonationEvent, type DonationOutcome } from "./events.server";
export { startDonation, type GiveResult } from "./give.server";
export { donationReceiptLines, getDonationReceipt, type DonationReceipt } from "./receipt.server";
export { answerDonationSettings } from "./settings-form.server";
export { getEin, setEin } from "./settings.server";
