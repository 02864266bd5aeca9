-- Fees, financial aid and payments (issue 41, decision 0044). Written by hand.
-- Who pays: a household (its guardians), or an adult athlete who belongs to none. The row outlives both (money
-- records are kept), so its links are emptied on deletion, never the row.
CREATE TABLE "payment_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"household_id" uuid REFERENCES "households"("id") ON DELETE SET NULL,
	"user_id" text REFERENCES "users"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_accounts_one_owner" CHECK (num_nonnulls("household_id", "user_id") <= 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "payment_accounts_household_idx" ON "payment_accounts" ("household_id") WHERE "household_id" IS NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "payment_accounts_user_idx" ON "payment_accounts" ("user_id") WHERE "user_id" IS NOT NULL;
--> statement-breakpoint
-- The ledger: every movement of money one row, never changed or removed (the triggers below). What a family owes is
-- the sum of effect_cents: a charge or a refund adds, aid, a payment or a credit takes away, a correction either.
CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY NOT NULL,
	"account_id" uuid NOT NULL REFERENCES "payment_accounts"("id"),
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"effect_cents" integer GENERATED ALWAYS AS (CASE WHEN "kind" IN ('charge', 'refund', 'correction') THEN "amount_cents" ELSE -"amount_cents" END) STORED,
	"reason" text NOT NULL,
	"applies_to" uuid REFERENCES "ledger_entries"("id"),
	"enrollment_id" uuid,
	"due_on" date,
	"method" text,
	"reference" text,
	"provider_event_id" text,
	"recorded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_kind_known" CHECK ("kind" IN ('charge', 'aid', 'payment', 'credit', 'refund', 'correction')),
	CONSTRAINT "ledger_entries_amount" CHECK (("kind" = 'correction' AND "amount_cents" <> 0 AND abs("amount_cents") <= 10000000) OR ("kind" <> 'correction' AND "amount_cents" BETWEEN 1 AND 10000000)),
	CONSTRAINT "ledger_entries_reason_length" CHECK (char_length("reason") BETWEEN 1 AND 300),
	CONSTRAINT "ledger_entries_charge_due" CHECK (("kind" = 'charge') = ("due_on" IS NOT NULL)),
	CONSTRAINT "ledger_entries_payment_whole" CHECK (("kind" = 'payment') = ("method" IS NOT NULL AND "reference" IS NOT NULL)),
	CONSTRAINT "ledger_entries_method_known" CHECK ("method" IS NULL OR "method" IN ('card', 'cash', 'check', 'zelle')),
	CONSTRAINT "ledger_entries_reference_length" CHECK ("reference" IS NULL OR char_length("reference") BETWEEN 1 AND 120),
	CONSTRAINT "ledger_entries_applies" CHECK (("kind" IN ('aid', 'refund') AND "applies_to" IS NOT NULL) OR "kind" NOT IN ('aid', 'refund'))
);
--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" ("account_id", "seq");
--> statement-breakpoint
-- No payment counted twice: one provider event is one row at most, one payment reference (a card payment's intent,
-- a check number, a Zelle confirmation) is one payment at most.
CREATE UNIQUE INDEX "ledger_entries_provider_event_idx" ON "ledger_entries" ("provider_event_id") WHERE "provider_event_id" IS NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_payment_reference_idx" ON "ledger_entries" ("method", lower("reference")) WHERE "kind" = 'payment';
--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_one_charge_per_enrollment_idx" ON "ledger_entries" ("enrollment_id") WHERE "kind" = 'charge';
--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_one_aid_per_charge_idx" ON "ledger_entries" ("applies_to") WHERE "kind" = 'aid';
--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_one_credit_per_charge_idx" ON "ledger_entries" ("applies_to") WHERE "kind" = 'credit';
--> statement-breakpoint
CREATE FUNCTION ledger_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger entries are never changed or removed: add a correction' USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_entries_append_only';
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_append_only();
--> statement-breakpoint
-- Emptying the ledger is refused too, once it holds a row: a restore (server/restore.ts) truncates every table of the
-- schema it has just made, while they are still empty.
CREATE FUNCTION ledger_entries_not_emptied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM ledger_entries) THEN
    RAISE EXCEPTION 'ledger entries are never changed or removed: add a correction' USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_entries_append_only';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON "ledger_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_entries_not_emptied();
--> statement-breakpoint
-- "I would like financial help": one open request an account; staff grant (a full waiver, a percentage or an amount
-- off each charge, the organisation's floor kept) until a day, or decline. Every answer beyond the tick is optional.
CREATE TABLE "aid_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL REFERENCES "payment_accounts"("id"),
	"requested_by" text REFERENCES "users"("id") ON DELETE SET NULL,
	"household_size" smallint,
	"school_lunch" text,
	"income_band" text,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"decision" text,
	"percent" smallint,
	"amount_cents" integer,
	"floor_cents" integer,
	"valid_until" date,
	"decided_by" text REFERENCES "users"("id") ON DELETE SET NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "aid_requests_status_known" CHECK ("status" IN ('open', 'granted', 'declined')),
	CONSTRAINT "aid_requests_answers" CHECK (("household_size" IS NULL OR "household_size" BETWEEN 1 AND 20) AND ("school_lunch" IS NULL OR "school_lunch" IN ('free', 'reduced', 'none')) AND ("income_band" IS NULL OR "income_band" IN ('under-25k', '25k-50k', '50k-75k', 'over-75k')) AND char_length("note") <= 1000),
	CONSTRAINT "aid_requests_decision_known" CHECK ("decision" IS NULL OR "decision" IN ('waiver', 'percent', 'amount')),
	CONSTRAINT "aid_requests_decided_whole" CHECK (("status" = 'open') = ("decided_at" IS NULL) AND ("status" = 'granted') = ("decision" IS NOT NULL AND "valid_until" IS NOT NULL)),
	CONSTRAINT "aid_requests_terms" CHECK (("decision" = 'percent') = ("percent" IS NOT NULL) AND ("percent" IS NULL OR "percent" BETWEEN 1 AND 100) AND ("decision" = 'amount') = ("amount_cents" IS NOT NULL) AND ("amount_cents" IS NULL OR "amount_cents" BETWEEN 1 AND 10000000) AND ("floor_cents" IS NULL OR ("decision" IN ('percent', 'amount') AND "floor_cents" BETWEEN 0 AND 10000000)))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "aid_requests_one_open_idx" ON "aid_requests" ("account_id") WHERE "status" = 'open';
--> statement-breakpoint
CREATE INDEX "aid_requests_account_idx" ON "aid_requests" ("account_id", "created_at");
--> statement-breakpoint
-- Coaches an administrator allowed to decide aid and record payments (administrators always may).
CREATE TABLE "payment_staff" (
	"user_id" text PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"granted_by" text REFERENCES "users"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- A hosted Checkout the site opened for an account: the amount owed when it was opened, which its webhook must match.
CREATE TABLE "payment_checkouts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL REFERENCES "payment_accounts"("id"),
	"amount_cents" integer NOT NULL,
	"opened_by" text REFERENCES "users"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_checkouts_amount" CHECK ("amount_cents" BETWEEN 50 AND 10000000)
);
--> statement-breakpoint
-- Every provider event the webhook accepted (signature good), with what became of it: a replay finds its row.
CREATE TABLE "payment_provider_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Days before a session starts that its fee is due (the registration policy: 15).
INSERT INTO "app_settings" ("key", "value") VALUES ('payments.due_days_before', '15') ON CONFLICT ("key") DO NOTHING;
--> statement-breakpoint
-- The account that pays for a person: their household's if they are in one, else their own; made on first need. A
-- guardian (or an adult athlete) who had an account of their own before the household existed (they asked for help
-- first, say) brings it into the household: its rows and its request for help are the household's from then on.
CREATE FUNCTION payment_account_for(person text) RETURNS uuid LANGUAGE plpgsql AS $$
DECLARE
  hh uuid;
  acct uuid;
BEGIN
  SELECT household_id INTO hh FROM household_members WHERE user_id = person;
  IF hh IS NOT NULL THEN
    SELECT id INTO acct FROM payment_accounts WHERE household_id = hh;
    IF acct IS NULL THEN
      UPDATE payment_accounts SET household_id = hh, user_id = NULL
        WHERE id = (SELECT a.id FROM payment_accounts a JOIN household_members m ON m.user_id = a.user_id
                    WHERE m.household_id = hh ORDER BY a.created_at, a.id LIMIT 1)
        RETURNING id INTO acct;
    END IF;
    IF acct IS NULL THEN
      INSERT INTO payment_accounts (household_id) VALUES (hh) ON CONFLICT (household_id) WHERE household_id IS NOT NULL DO NOTHING;
      SELECT id INTO acct FROM payment_accounts WHERE household_id = hh;
    END IF;
  ELSE
    INSERT INTO payment_accounts (user_id) VALUES (person) ON CONFLICT (user_id) WHERE user_id IS NOT NULL DO NOTHING;
    SELECT id INTO acct FROM payment_accounts WHERE user_id = person;
  END IF;
  RETURN acct;
END $$;
--> statement-breakpoint
-- The aid one granted request gives one charge: all of it for a waiver; else the percentage or the amount, never
-- below the floor the family still pays, never more than the charge.
CREATE FUNCTION payments_aid_cents(charge integer, decision text, pct smallint, amount integer, floor integer) RETURNS integer
  LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE decision
    WHEN 'waiver' THEN charge
    ELSE greatest(0, least(charge - coalesce(floor, 0), CASE decision WHEN 'percent' THEN round(charge * pct / 100.0)::integer ELSE amount END, charge))
  END
$$;
--> statement-breakpoint
-- Applies the account's granted aid to one charge (at most once: the unique index). Called when a charge is made and
-- when staff grant aid, so both orders end the same.
CREATE FUNCTION payments_apply_aid(charge_id uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  c ledger_entries%ROWTYPE;
  r aid_requests%ROWTYPE;
  cents integer;
BEGIN
  SELECT * INTO c FROM ledger_entries WHERE id = charge_id AND kind = 'charge';
  IF NOT FOUND OR EXISTS (SELECT 1 FROM ledger_entries WHERE applies_to = charge_id AND kind = 'credit') THEN RETURN; END IF;
  SELECT * INTO r FROM aid_requests WHERE account_id = c.account_id AND status = 'granted' AND valid_until >= c.due_on
    ORDER BY decided_at DESC LIMIT 1;
  IF NOT FOUND THEN RETURN; END IF;
  cents := payments_aid_cents(c.amount_cents, r.decision, r.percent, r.amount_cents, r.floor_cents);
  IF cents > 0 THEN
    INSERT INTO ledger_entries (account_id, kind, amount_cents, reason, applies_to, recorded_by)
      VALUES (c.account_id, 'aid', cents, 'aid:' || r.decision, c.id, r.decided_by)
      ON CONFLICT (applies_to) WHERE kind = 'aid' DO NOTHING;
  END IF;
END $$;
--> statement-breakpoint
-- Payments depend on enrollment, never the other way round: an enrollment that becomes Enrolled is charged its
-- session's fee here, and one that is withdrawn after is credited what it still owed (kept for other clinics or
-- lessons: the registration policy gives no refunds). Enrollment's code knows nothing of it.
CREATE FUNCTION payments_on_enrollment() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  e record;
  acct uuid;
  days integer;
  due date;
  charge_id uuid;
  ch ledger_entries%ROWTYPE;
  owed integer;
BEGIN
  -- A restore puts back the ledger's own rows (server/restore.ts; with triggers off when its role may turn them off):
  -- an enrollment it puts back is never charged again.
  IF current_setting('application_name', true) = 'nlte-restore' THEN RETURN NEW; END IF;
  IF NEW.status = 'enrolled' AND (TG_OP = 'INSERT' OR OLD.status <> 'enrolled') THEN
    SELECT title, fee_cents, fee_per, coalesce(on_date, starts_on) AS first_day INTO e FROM events WHERE id = NEW.event_id;
    IF e.fee_cents IS NULL OR e.fee_cents = 0 THEN RETURN NEW; END IF;
    acct := payment_account_for(NEW.athlete_id);
    SELECT coalesce((SELECT value::integer FROM app_settings WHERE key = 'payments.due_days_before'), 15) INTO days;
    due := greatest(current_date, coalesce(e.first_day - days, current_date));
    INSERT INTO ledger_entries (account_id, kind, amount_cents, reason, enrollment_id, due_on)
      VALUES (acct, 'charge', e.fee_cents, left(e.title || ' (' || coalesce(e.fee_per, 'session') || ')', 300), NEW.id, due)
      ON CONFLICT (enrollment_id) WHERE kind = 'charge' DO NOTHING
      RETURNING id INTO charge_id;
    IF charge_id IS NOT NULL THEN PERFORM payments_apply_aid(charge_id); END IF;
  ELSIF TG_OP = 'UPDATE' AND OLD.status = 'enrolled' AND NEW.status IN ('withdrawn', 'declined') THEN
    SELECT * INTO ch FROM ledger_entries WHERE enrollment_id = NEW.id AND kind = 'charge';
    IF NOT FOUND THEN RETURN NEW; END IF;
    SELECT ch.amount_cents - coalesce(sum(amount_cents), 0) INTO owed FROM ledger_entries WHERE applies_to = ch.id AND kind = 'aid';
    IF owed > 0 THEN
      INSERT INTO ledger_entries (account_id, kind, amount_cents, reason, applies_to, enrollment_id)
        VALUES (ch.account_id, 'credit', owed, 'credit:withdrawn', ch.id, NULL)
        ON CONFLICT (applies_to) WHERE kind = 'credit' DO NOTHING;
    END IF;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER payments_on_enrollment AFTER INSERT OR UPDATE OF status ON "enrollments"
  FOR EACH ROW EXECUTE FUNCTION payments_on_enrollment();
--> statement-breakpoint
-- Files a mail carries (a payment's PDF receipt, issue 41), written with the mail in the caller's transaction and
-- handed to the SMTP server with it by the outbox (app/mail/delivery.server.ts); removed with the mail.
CREATE TABLE "mail_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mail_id" uuid NOT NULL REFERENCES "mail_outbox"("id") ON DELETE CASCADE,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"content" bytea NOT NULL,
	CONSTRAINT "mail_attachments_shape" CHECK (octet_length("content") <= 1048576 AND char_length("filename") BETWEEN 1 AND 100 AND "content_type" IN ('application/pdf'))
);
--> statement-breakpoint
CREATE INDEX "mail_attachments_mail_idx" ON "mail_attachments" ("mail_id");
