-- Donations online (issue 41, decision 0060). Written by hand. Only with a card provider configured; the offline ways
-- on /donate stay. A donor needs no account: the address they give Checkout gets the receipt.
-- A Checkout the site opened for a gift: one-off (mode payment) or monthly (mode subscription), the gift, the fee the
-- donor chose to cover (the gross-up) and the total asked, which every event about it must match.
CREATE TABLE "donation_checkouts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"kind" text NOT NULL,
	"gift_cents" integer NOT NULL,
	"fee_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"locale" text DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "donation_checkouts_kind" CHECK ("kind" IN ('once', 'monthly')),
	CONSTRAINT "donation_checkouts_amounts" CHECK ("gift_cents" BETWEEN 100 AND 2500000 AND "fee_cents" BETWEEN 0 AND 100000 AND "total_cents" = "gift_cents" + "fee_cents"),
	CONSTRAINT "donation_checkouts_locale" CHECK ("locale" IN ('en', 'es'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "donation_checkouts_session_idx" ON "donation_checkouts" ("session_id");
--> statement-breakpoint
-- Each gift received: the first of a monthly gift and every month after it one row each, never changed or removed.
-- One provider event is one gift at most, and one payment (a one-off gift's intent, a month's invoice) is one gift.
CREATE TABLE "donations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY NOT NULL,
	"checkout_id" uuid NOT NULL REFERENCES "donation_checkouts"("id"),
	"amount_cents" integer NOT NULL,
	"gift_cents" integer NOT NULL,
	"fee_cents" integer NOT NULL,
	"email" text NOT NULL,
	"reference" text NOT NULL,
	"provider_event_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "donations_amounts" CHECK ("amount_cents" = "gift_cents" + "fee_cents" AND "gift_cents" > 0 AND "fee_cents" >= 0),
	CONSTRAINT "donations_email" CHECK (char_length("email") BETWEEN 3 AND 254),
	CONSTRAINT "donations_reference" CHECK (char_length("reference") BETWEEN 1 AND 255)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "donations_reference_idx" ON "donations" ("reference");
--> statement-breakpoint
CREATE UNIQUE INDEX "donations_provider_event_idx" ON "donations" ("provider_event_id");
--> statement-breakpoint
CREATE FUNCTION donations_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'donations are never changed or removed' USING ERRCODE = 'check_violation', CONSTRAINT = 'donations_append_only';
END $$;
--> statement-breakpoint
CREATE TRIGGER donations_append_only BEFORE UPDATE OR DELETE ON "donations" FOR EACH ROW EXECUTE FUNCTION donations_append_only();
--> statement-breakpoint
-- The organisation's EIN, printed on gifts' receipts (set on /staff): as the IRS writes it.
ALTER TABLE "app_settings" ADD CONSTRAINT "app_settings_donations_ein" CHECK ("key" <> 'donations.ein' OR "value" ~ '^[0-9]{2}-[0-9]{7}$');
