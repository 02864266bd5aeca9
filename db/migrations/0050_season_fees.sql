-- Season fees after the first charge (issue 41, decision 0059). Written by hand.
-- A session whose fee is per month: migration 0034's trigger charges the first month when the enrollment becomes
-- Enrolled; every month after is charged by the daily job (season_fees_charge_months), one row here per enrollment
-- and month. The primary key is what makes a month charged once, however many times or processes run the job.
-- The ledger's own unique index keeps one charge per enrollment_id, so a later month's charge carries no enrollment_id:
-- this table says whose month it is.
CREATE TABLE "season_fee_months" (
	"enrollment_id" uuid NOT NULL,
	"period" date NOT NULL,
	"charge_id" uuid NOT NULL REFERENCES "ledger_entries"("id") DEFERRABLE INITIALLY DEFERRED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "season_fee_months_pk" PRIMARY KEY ("enrollment_id", "period"),
	CONSTRAINT "season_fee_months_month" CHECK ("period" = date_trunc('month', "period")::date)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "season_fee_months_charge_idx" ON "season_fee_months" ("charge_id");
--> statement-breakpoint
-- A session the organisation cancelled (never put back: what was credited stays credited). Its enrolled families are
-- credited what they were charged for it, after aid, by the trigger below.
CREATE TABLE "session_cancellations" (
	"event_id" uuid PRIMARY KEY NOT NULL REFERENCES "events"("id") ON DELETE CASCADE,
	"reason" text DEFAULT '' NOT NULL,
	"reason_es" text,
	"cancelled_by" text REFERENCES "users"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_cancellations_reason_length" CHECK (char_length("reason") <= 300 AND coalesce(char_length("reason_es"), 0) <= 300)
);
--> statement-breakpoint
-- Every charge with the enrollment it is for and, for a month's charge, the month: the first charge names its
-- enrollment itself, a later month's through season_fee_months. The finance and funder reports read charges here.
CREATE VIEW "ledger_charges" AS
  SELECT c.id, c.account_id, c.amount_cents, c.due_on, c.created_at, coalesce(c.enrollment_id, f.enrollment_id) AS enrollment_id, f.period
  FROM ledger_entries c LEFT JOIN season_fee_months f ON f.charge_id = c.id
  WHERE c.kind = 'charge';
--> statement-breakpoint
-- The month a session's first charge covers: the month of its first day, or of the day the athlete was enrolled
-- when that is later.
CREATE FUNCTION season_fees_first_month(first_day date, charged_on date) RETURNS date LANGUAGE sql IMMUTABLE AS $$
  SELECT date_trunc('month', greatest(coalesce(first_day, charged_on), charged_on))::date
$$;
--> statement-breakpoint
-- Charges already made for per-month sessions: their first month.
INSERT INTO season_fee_months (enrollment_id, period, charge_id)
  SELECT c.enrollment_id, season_fees_first_month(coalesce(ev.on_date, ev.starts_on), c.created_at::date), c.id
  FROM ledger_entries c JOIN enrollments en ON en.id = c.enrollment_id JOIN events ev ON ev.id = en.event_id
  WHERE c.kind = 'charge' AND ev.fee_per = 'month'
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Credits what a charge still owes after its aid, once (the ledger's one-credit-per-charge index), with `why`.
CREATE FUNCTION season_fees_credit(charge_id uuid, why text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  ch ledger_entries%ROWTYPE;
  owed integer;
BEGIN
  SELECT * INTO ch FROM ledger_entries WHERE id = charge_id AND kind = 'charge';
  IF NOT FOUND THEN RETURN; END IF;
  SELECT ch.amount_cents - coalesce(sum(amount_cents), 0) INTO owed FROM ledger_entries WHERE applies_to = ch.id AND kind = 'aid';
  IF owed > 0 THEN
    INSERT INTO ledger_entries (account_id, kind, amount_cents, reason, applies_to)
      VALUES (ch.account_id, 'credit', owed, why, ch.id)
      ON CONFLICT (applies_to) WHERE kind = 'credit' DO NOTHING;
  END IF;
END $$;
--> statement-breakpoint
-- A per-month session's first charge (made by migration 0034's trigger) is its first month here.
CREATE FUNCTION season_fees_on_charge() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ev record;
BEGIN
  IF current_setting('application_name', true) = 'nlte-restore' THEN RETURN NEW; END IF;
  SELECT e.fee_per, coalesce(e.on_date, e.starts_on) AS first_day INTO ev
    FROM enrollments en JOIN events e ON e.id = en.event_id WHERE en.id = NEW.enrollment_id;
  IF FOUND AND ev.fee_per = 'month' THEN
    INSERT INTO season_fee_months (enrollment_id, period, charge_id)
      VALUES (NEW.enrollment_id, season_fees_first_month(ev.first_day, current_date), NEW.id)
      ON CONFLICT DO NOTHING;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER season_fees_on_charge AFTER INSERT ON "ledger_entries"
  FOR EACH ROW WHEN (NEW.kind = 'charge' AND NEW.enrollment_id IS NOT NULL) EXECUTE FUNCTION season_fees_on_charge();
--> statement-breakpoint
-- After migration 0034's trigger (triggers fire in name order): a withdrawal credits the months charged in advance that
-- have not begun (the first charge is 0034's rule); an enrollment into a session already cancelled is credited at once.
CREATE FUNCTION season_fees_on_enrollment() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  c record;
BEGIN
  IF current_setting('application_name', true) = 'nlte-restore' THEN RETURN NEW; END IF;
  IF NEW.status = 'enrolled' AND (TG_OP = 'INSERT' OR OLD.status <> 'enrolled')
     AND EXISTS (SELECT 1 FROM session_cancellations WHERE event_id = NEW.event_id) THEN
    FOR c IN SELECT id FROM ledger_charges WHERE enrollment_id = NEW.id LOOP
      PERFORM season_fees_credit(c.id, 'credit:session-cancelled');
    END LOOP;
  ELSIF TG_OP = 'UPDATE' AND OLD.status = 'enrolled' AND NEW.status IN ('withdrawn', 'declined') THEN
    FOR c IN SELECT f.charge_id AS id FROM season_fee_months f JOIN ledger_entries l ON l.id = f.charge_id
             WHERE f.enrollment_id = NEW.id AND f.period > current_date AND l.enrollment_id IS NULL LOOP
      PERFORM season_fees_credit(c.id, 'credit:withdrawn');
    END LOOP;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER season_fees_on_enrollment AFTER INSERT OR UPDATE OF status ON "enrollments"
  FOR EACH ROW EXECUTE FUNCTION season_fees_on_enrollment();
--> statement-breakpoint
-- A cancelled session credits each enrolled athlete's charges for it (every month charged, after aid), once: the
-- ledger's one-credit-per-charge index holds it whichever path comes first.
CREATE FUNCTION season_fees_on_cancellation() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  c record;
BEGIN
  IF current_setting('application_name', true) = 'nlte-restore' THEN RETURN NEW; END IF;
  FOR c IN SELECT lc.id FROM ledger_charges lc JOIN enrollments en ON en.id = lc.enrollment_id
           WHERE en.event_id = NEW.event_id AND en.status = 'enrolled' ORDER BY lc.created_at, lc.id LOOP
    PERFORM season_fees_credit(c.id, 'credit:session-cancelled');
  END LOOP;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER season_fees_on_cancellation AFTER INSERT ON "session_cancellations"
  FOR EACH ROW EXECUTE FUNCTION season_fees_on_cancellation();
--> statement-breakpoint
-- The daily job: for every athlete enrolled in a per-month session that is not cancelled, each month after the last
-- one charged, up to the month after `today` (a month is charged at the start of the month before it, due
-- payments.due_days_before days before it begins, never before `today`) and never past the session's last month.
-- A month already in season_fee_months is skipped by its primary key, so two runs at once charge it once. Aid the
-- family has is applied by the same function as for the first charge. Returns the months charged.
CREATE FUNCTION season_fees_charge_months(today date) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  days integer;
  r record;
  new_id uuid;
  made integer := 0;
BEGIN
  SELECT coalesce((SELECT value::integer FROM app_settings WHERE key = 'payments.due_days_before'), 15) INTO days;
  FOR r IN
    SELECT en.id AS enrollment_id, en.athlete_id, ev.title, ev.fee_cents, p.period::date AS period
    FROM enrollments en
    JOIN events ev ON ev.id = en.event_id
    JOIN LATERAL (SELECT max(period) AS last_period FROM season_fee_months WHERE enrollment_id = en.id) f ON f.last_period IS NOT NULL
    CROSS JOIN LATERAL generate_series(
      f.last_period + interval '1 month',
      least(date_trunc('month', today) + interval '1 month',
            coalesce(date_trunc('month', CASE WHEN ev.kind = 'date' THEN ev.on_date ELSE ev.ends_on END), date_trunc('month', today) + interval '1 month')),
      interval '1 month') AS p(period)
    WHERE en.status = 'enrolled' AND ev.fee_per = 'month' AND ev.fee_cents > 0
      AND NOT EXISTS (SELECT 1 FROM session_cancellations sc WHERE sc.event_id = ev.id)
    ORDER BY en.id, p.period
  LOOP
    new_id := gen_random_uuid();
    INSERT INTO season_fee_months (enrollment_id, period, charge_id) VALUES (r.enrollment_id, r.period, new_id) ON CONFLICT DO NOTHING;
    IF FOUND THEN
      INSERT INTO ledger_entries (id, account_id, kind, amount_cents, reason, due_on)
        VALUES (new_id, payment_account_for(r.athlete_id), 'charge', r.fee_cents,
                left(r.title || ' (month) ' || to_char(r.period, 'YYYY-MM'), 300), greatest(today, r.period - days));
      PERFORM payments_apply_aid(new_id);
      made := made + 1;
    END IF;
  END LOOP;
  RETURN made;
END $$;
