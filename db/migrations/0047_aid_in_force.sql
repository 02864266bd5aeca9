-- The grant in force for an account on a day (issue 41): the latest granted request still valid then. The charge's
-- aid (payments_apply_aid, every charge's trigger) and /lessons' quote before booking ask this one function, so the
-- price a family is shown is the price it is charged: also when a newer request was declined while an older grant
-- still runs, and on the database's day either side of midnight.
CREATE FUNCTION payments_aid_in_force(acct uuid, on_day date) RETURNS SETOF aid_requests LANGUAGE sql STABLE AS $$
  SELECT * FROM aid_requests WHERE account_id = acct AND status = 'granted' AND valid_until >= on_day
  ORDER BY decided_at DESC LIMIT 1
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION payments_apply_aid(charge_id uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  c ledger_entries%ROWTYPE;
  r aid_requests%ROWTYPE;
  cents integer;
BEGIN
  SELECT * INTO c FROM ledger_entries WHERE id = charge_id AND kind = 'charge';
  IF NOT FOUND OR EXISTS (SELECT 1 FROM ledger_entries WHERE applies_to = charge_id AND kind = 'credit') THEN RETURN; END IF;
  SELECT * INTO r FROM payments_aid_in_force(c.account_id, c.due_on);
  IF NOT FOUND THEN RETURN; END IF;
  cents := payments_aid_cents(c.amount_cents, r.decision, r.percent, r.amount_cents, r.floor_cents);
  IF cents > 0 THEN
    INSERT INTO ledger_entries (account_id, kind, amount_cents, reason, applies_to, recorded_by)
      VALUES (c.account_id, 'aid', cents, 'aid:' || r.decision, c.id, r.decided_by)
      ON CONFLICT (applies_to) WHERE kind = 'aid' DO NOTHING;
  END IF;
END $$;
