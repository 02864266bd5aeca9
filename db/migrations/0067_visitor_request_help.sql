-- "I would like financial help" asked by a visitor (issue 41): a visitor's request for a place carries the tick and the
-- same optional answers as the signed-in form (aid_requests' columns and their bounds), until the guardian whose
-- verified address it is keeps it; then it becomes the family's request for help, which staff decide on /aid. Dropped
-- or forgotten after 30 days, the answers go with the row. No answer without the tick.
ALTER TABLE "visitor_enrollment_requests" ADD COLUMN "help_wanted" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "visitor_enrollment_requests" ADD COLUMN "help_household_size" smallint;
--> statement-breakpoint
ALTER TABLE "visitor_enrollment_requests" ADD COLUMN "help_school_lunch" text;
--> statement-breakpoint
ALTER TABLE "visitor_enrollment_requests" ADD COLUMN "help_income_band" text;
--> statement-breakpoint
ALTER TABLE "visitor_enrollment_requests" ADD COLUMN "help_note" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "visitor_enrollment_requests" ADD CONSTRAINT "visitor_enrollment_requests_help" CHECK (
  ("help_household_size" IS NULL OR "help_household_size" BETWEEN 1 AND 20)
  AND ("help_school_lunch" IS NULL OR "help_school_lunch" IN ('free', 'reduced', 'none'))
  AND ("help_income_band" IS NULL OR "help_income_band" IN ('under-25k', '25k-50k', '50k-75k', 'over-75k'))
  AND char_length("help_note") <= 1000
  AND ("help_wanted" OR ("help_household_size" IS NULL AND "help_school_lunch" IS NULL AND "help_income_band" IS NULL AND "help_note" = '')));
