-- Payments, what issue 41 left (decision 0067). Written by hand. Reading writes nothing; stopping a monthly gift; the
-- card fee as a setting; the refund limit as one function.
-- The account a person pays from, read without making one: what payment_account_for (migration 0034) would answer,
-- but null where it would have to make an account first. Pages that only show money (/account/payments, /lessons'
-- quote, the request form's help) ask this; accounts are made where money or a request for help is first recorded
-- (the charge's trigger, the ask), in that step's transaction.
CREATE FUNCTION payment_account_of(person text) RETURNS uuid LANGUAGE sql STABLE AS $$
  SELECT coalesce(
    (SELECT a.id FROM household_members m JOIN payment_accounts a ON a.household_id = m.household_id WHERE m.user_id = person),
    -- The one payment_account_for would bring into the household: a member's own account from before it.
    (SELECT a.id FROM household_members m JOIN household_members o ON o.household_id = m.household_id
       JOIN payment_accounts a ON a.user_id = o.user_id
     WHERE m.user_id = person ORDER BY a.created_at, a.id LIMIT 1),
    (SELECT a.id FROM payment_accounts a WHERE a.user_id = person AND NOT EXISTS (SELECT 1 FROM household_members WHERE user_id = person)))
$$;
--> statement-breakpoint
-- A monthly gift stopped (by its donor on the site, or in the provider's dashboard: the provider's
-- customer.subscription.deleted says so either way). The provider's subscription id is kept when the first month is
-- recorded; stopped_at is set once.
ALTER TABLE "donation_checkouts" ADD COLUMN "subscription_id" text;
--> statement-breakpoint
ALTER TABLE "donation_checkouts" ADD COLUMN "stopped_at" timestamp with time zone;
--> statement-breakpoint
CREATE UNIQUE INDEX "donation_checkouts_subscription_idx" ON "donation_checkouts" ("subscription_id") WHERE "subscription_id" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "donation_checkouts" ADD CONSTRAINT "donation_checkouts_monthly_only" CHECK ("kind" = 'monthly' OR ("subscription_id" IS NULL AND "stopped_at" IS NULL));
--> statement-breakpoint
-- "Cover the fee": the card processor's rate, set by administrators on /staff (2.9% + 30 cents unless they say).
-- Basis points (290 = 2.9%) up to 10%, and whole cents up to $2.
INSERT INTO "app_settings" ("key", "value") VALUES ('donations.fee_basis_points', '290'), ('donations.fee_fixed_cents', '30') ON CONFLICT ("key") DO NOTHING;
--> statement-breakpoint
ALTER TABLE "app_settings" ADD CONSTRAINT "app_settings_donations_fee" CHECK (CASE "key"
  WHEN 'donations.fee_basis_points' THEN CASE WHEN "value" ~ '^[0-9]{1,4}$' THEN "value"::integer <= 1000 ELSE false END
  WHEN 'donations.fee_fixed_cents' THEN CASE WHEN "value" ~ '^[0-9]{1,3}$' THEN "value"::integer <= 200 ELSE false END
  ELSE true END);
--> statement-breakpoint
-- The fee a donor covers follows the setting: at its highest (10% + $2) a $25,000 gift's is $2,778, over 0053's $1,000.
ALTER TABLE "donation_checkouts" DROP CONSTRAINT "donation_checkouts_amounts";
--> statement-breakpoint
ALTER TABLE "donation_checkouts" ADD CONSTRAINT "donation_checkouts_amounts" CHECK ("gift_cents" BETWEEN 100 AND 2500000 AND "fee_cents" BETWEEN 0 AND 300000 AND "total_cents" = "gift_cents" + "fee_cents");
--> statement-breakpoint
-- What may still be refunded of a payment: what was paid less its refunds (null: no such payment). The one rule of
-- the refund limit (decision 0060): the trigger below refuses a refund over it, and the refund form asks it for the
-- message beside the amount and, for a card payment, before anything reaches the provider.
CREATE FUNCTION payments_refund_left(payment uuid) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT p.amount_cents - coalesce((SELECT sum(r.amount_cents) FROM ledger_entries r WHERE r.applies_to = p.id AND r.kind = 'refund'), 0)::integer
  FROM ledger_entries p WHERE p.id = payment AND p.kind = 'payment'
$$;
--> statement-breakpoint
-- Migration 0052's trigger function, its sum now payments_refund_left (asked in a statement of its own after the
-- payment's lock, so it reads refunds committed while it waited).
CREATE OR REPLACE FUNCTION ledger_entries_refund_within_payment() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  p ledger_entries%ROWTYPE;
BEGIN
  IF current_setting('application_name', true) = 'nlte-restore' THEN RETURN NEW; END IF;
  SELECT * INTO p FROM ledger_entries WHERE id = NEW.applies_to FOR UPDATE;
  IF NOT FOUND OR p.kind <> 'payment' OR p.account_id <> NEW.account_id THEN
    RAISE EXCEPTION 'a refund applies to a payment of its own account' USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_entries_refund_of_payment';
  END IF;
  IF NEW.request_key IS NOT NULL AND EXISTS (SELECT 1 FROM ledger_entries WHERE request_key = NEW.request_key) THEN RETURN NEW; END IF;
  IF NEW.reference IS NOT NULL AND EXISTS (
    SELECT 1 FROM ledger_entries WHERE kind = 'refund' AND method IS NOT DISTINCT FROM NEW.method AND lower(reference) = lower(NEW.reference)
  ) THEN RETURN NEW; END IF;
  IF NEW.amount_cents > payments_refund_left(p.id) THEN
    RAISE EXCEPTION 'a refund cannot exceed what was paid less earlier refunds' USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_entries_refund_within_payment';
  END IF;
  RETURN NEW;
END $$;
