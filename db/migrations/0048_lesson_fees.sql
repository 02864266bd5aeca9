-- Lesson fees (issue 41, decision 0058). Written by hand.
-- A private lesson's or an evaluation's price per length: the organisation's (coach_id null) and, optionally, a
-- coach's own, set by administrators on /staff/lesson-prices. No row: no price (nothing is charged or shown).
CREATE TABLE "lesson_prices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"coach_id" text REFERENCES "users"("id") ON DELETE CASCADE,
	"kind" text NOT NULL,
	"minutes" smallint NOT NULL,
	"amount_cents" integer NOT NULL,
	"set_by" text REFERENCES "users"("id") ON DELETE SET NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lesson_prices_length" CHECK (("kind" = 'lesson' AND "minutes" IN (30, 60)) OR ("kind" = 'evaluation' AND "minutes" = 30)),
	CONSTRAINT "lesson_prices_amount" CHECK ("amount_cents" BETWEEN 0 AND 50000)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "lesson_prices_one_idx" ON "lesson_prices" ("coach_id", "kind", "minutes") NULLS NOT DISTINCT;
--> statement-breakpoint
-- A lesson's charge (and its credit) names its booking; the booking row may go (an athlete's account deleted), the
-- money rows stay, so no foreign key. One charge a booking, whatever path booked it and however many posts raced.
ALTER TABLE "ledger_entries" ADD COLUMN "booking_id" uuid;
--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_one_charge_per_booking_idx" ON "ledger_entries" ("booking_id") WHERE "kind" = 'charge';
--> statement-breakpoint
-- Hours before a lesson that a family's cancellation is still credited (a coach's or the organisation's always is).
INSERT INTO "app_settings" ("key", "value") VALUES ('lessons.credit_cutoff_hours', '24') ON CONFLICT ("key") DO NOTHING;
--> statement-breakpoint
-- The price of a booking of `k` for `mins` minutes with `coach`: the coach's own, else the organisation's, else null.
CREATE FUNCTION lesson_price_cents(coach text, k text, mins integer) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT amount_cents FROM lesson_prices
  WHERE kind = k AND minutes = mins AND (coach_id = coach OR coach_id IS NULL)
  ORDER BY coach_id NULLS LAST LIMIT 1
$$;
--> statement-breakpoint
-- The organisation's rule for a cancelled lesson: the reason its credit carries, or null when it is not credited.
-- Cancelled by its coach, or by the organisation (no one: an enrollment request that ended), always; by the family,
-- when at least lessons.credit_cutoff_hours before it starts.
CREATE FUNCTION lesson_cancel_credit(coach text, canceller text, starts timestamptz, cancelled timestamptz) RETURNS text
  LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN canceller IS NULL THEN 'credit:lesson-organisation'
    WHEN canceller = coach THEN 'credit:lesson-coach'
    WHEN cancelled <= starts - make_interval(hours => coalesce((SELECT value::integer FROM app_settings WHERE key = 'lessons.credit_cutoff_hours'), 24))
      THEN 'credit:lesson-family'
    ELSE NULL
  END
$$;
--> statement-breakpoint
-- Payments depend on booking, never the other way round (as on enrollments, migration 0034): a booking is charged its
-- price when it is made, given the account's aid by the one function, and credited by the rule above when cancelled.
-- A move changes neither (only cancelled_at wakes the update branch). Booking's code knows nothing of it.
CREATE FUNCTION payments_on_booking() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  mins integer;
  price integer;
  acct uuid;
  charge_id uuid;
  ch ledger_entries%ROWTYPE;
  why text;
  owed integer;
BEGIN
  IF current_setting('application_name', true) = 'nlte-restore' THEN RETURN NEW; END IF;
  IF TG_OP = 'INSERT' THEN
    IF NEW.cancelled_at IS NOT NULL THEN RETURN NEW; END IF;
    mins := round(extract(epoch FROM NEW.ends_at - NEW.starts_at) / 60);
    price := lesson_price_cents(NEW.coach_id, NEW.kind, mins);
    IF price IS NULL OR price = 0 THEN RETURN NEW; END IF;
    acct := payment_account_for(NEW.athlete_id);
    INSERT INTO ledger_entries (account_id, kind, amount_cents, reason, booking_id, due_on)
      VALUES (acct, 'charge', price, 'lesson:' || NEW.kind || ':' || mins, NEW.id, current_date)
      ON CONFLICT (booking_id) WHERE kind = 'charge' DO NOTHING
      RETURNING id INTO charge_id;
    IF charge_id IS NOT NULL THEN PERFORM payments_apply_aid(charge_id); END IF;
  ELSIF OLD.cancelled_at IS NULL AND NEW.cancelled_at IS NOT NULL THEN
    SELECT * INTO ch FROM ledger_entries WHERE booking_id = NEW.id AND kind = 'charge';
    IF NOT FOUND THEN RETURN NEW; END IF;
    why := lesson_cancel_credit(NEW.coach_id, NEW.cancelled_by, NEW.starts_at, NEW.cancelled_at);
    IF why IS NULL THEN RETURN NEW; END IF;
    SELECT ch.amount_cents - coalesce(sum(amount_cents), 0) INTO owed FROM ledger_entries WHERE applies_to = ch.id AND kind = 'aid';
    IF owed > 0 THEN
      INSERT INTO ledger_entries (account_id, kind, amount_cents, reason, applies_to, booking_id)
        VALUES (ch.account_id, 'credit', owed, why, ch.id, NEW.id)
        ON CONFLICT (applies_to) WHERE kind = 'credit' DO NOTHING;
    END IF;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER payments_on_booking AFTER INSERT OR UPDATE OF cancelled_at ON "bookings"
  FOR EACH ROW EXECUTE FUNCTION payments_on_booking();
