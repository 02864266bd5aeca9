-- Season fees, the withdrawal of a per-month fee (issue 41, decision 0059). Written by hand. Migration 0034's trigger
-- function again, with one change: a withdrawal no longer credits a per-month fee's first month once that month has
-- begun (months that have begun stay owed; those charged ahead and not begun are credited by 0050's trigger). A fee
-- per season or per session is credited as before.
CREATE OR REPLACE FUNCTION payments_on_enrollment() RETURNS trigger LANGUAGE plpgsql AS $$
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
    -- A per-month fee's first month that has begun stays owed, as every later month does (decision 0059).
    IF EXISTS (SELECT 1 FROM season_fee_months f WHERE f.charge_id = ch.id AND f.period <= current_date) THEN RETURN NEW; END IF;
    SELECT ch.amount_cents - coalesce(sum(amount_cents), 0) INTO owed FROM ledger_entries WHERE applies_to = ch.id AND kind = 'aid';
    IF owed > 0 THEN
      INSERT INTO ledger_entries (account_id, kind, amount_cents, reason, applies_to, enrollment_id)
        VALUES (ch.account_id, 'credit', owed, 'credit:withdrawn', ch.id, NULL)
        ON CONFLICT (applies_to) WHERE kind = 'credit' DO NOTHING;
    END IF;
  END IF;
  RETURN NEW;
END $$;
