-- Refunds (issue 41, decision 0060). Written by hand. A refund is a ledger row like any other (never changed), applied
-- to one payment, with the method the money went back by (card: through the provider, its refund id the reference;
-- cash, check or Zelle: handed back by staff) and the reason staff gave, which the family reads.
-- A refund may carry its method and the provider's refund id, as a payment does; nothing else carries a method.
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_payment_whole";
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payment_whole" CHECK (("kind" <> 'payment' OR ("method" IS NOT NULL AND "reference" IS NOT NULL)) AND ("method" IS NULL OR "kind" IN ('payment', 'refund')));
--> statement-breakpoint
-- The form a refund was confirmed on: the same confirmed form sent twice (a double tap, a retried post) is one refund.
ALTER TABLE "ledger_entries" ADD COLUMN "request_key" uuid;
--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_request_key_idx" ON "ledger_entries" ("request_key") WHERE "request_key" IS NOT NULL;
--> statement-breakpoint
-- One provider refund is one row, whether staff's form or the provider's webhook records it first.
CREATE UNIQUE INDEX "ledger_entries_refund_reference_idx" ON "ledger_entries" ("method", lower("reference")) WHERE "kind" = 'refund' AND "reference" IS NOT NULL;
--> statement-breakpoint
-- A refund never exceeds what its payment was less the refunds before it. The payment's row is locked first, so two
-- refunds of one payment at the same moment are summed one after the other: the second sees the first (each statement
-- of this function reads what was committed before it). A second delivery of a refund already recorded (the same
-- provider refund, the same confirmed form) is let through to its unique index, which makes it nothing.
CREATE FUNCTION ledger_entries_refund_within_payment() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  p ledger_entries%ROWTYPE;
  refunded bigint;
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
  SELECT coalesce(sum(amount_cents), 0) INTO refunded FROM ledger_entries WHERE applies_to = p.id AND kind = 'refund';
  IF refunded + NEW.amount_cents > p.amount_cents THEN
    RAISE EXCEPTION 'a refund cannot exceed what was paid less earlier refunds' USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_entries_refund_within_payment';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_refund_within_payment BEFORE INSERT ON "ledger_entries"
  FOR EACH ROW WHEN (NEW.kind = 'refund') EXECUTE FUNCTION ledger_entries_refund_within_payment();
