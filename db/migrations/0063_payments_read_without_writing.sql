-- Payments, what issue 41 left (decision 0067). Written by hand.
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
