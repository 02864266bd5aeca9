-- Attendance that tells the truth, and an athlete's medical information (issue 39, decision 0048).
--
-- What a guardian tells the coaches about an athlete's health: allergies, conditions, medication, and whether the coach
-- must know it courtside ("courtside alert"). One row an athlete, written on /account/family by a guardian of the
-- athlete's household; coaches of the athlete's sessions see a flag on the attendance sheet and read the details one
-- tap away, each read written to the safeguarding log. Gone with the athlete.
CREATE TABLE "athlete_medical" (
	"athlete_id" text PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"allergies" text DEFAULT '' NOT NULL,
	"conditions" text DEFAULT '' NOT NULL,
	"medication" text DEFAULT '' NOT NULL,
	"courtside_alert" boolean DEFAULT false NOT NULL,
	"updated_by" text REFERENCES "users"("id") ON DELETE set null,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "athlete_medical_lengths" CHECK (char_length("allergies") <= 500 and char_length("conditions") <= 500 and char_length("medication") <= 500)
);--> statement-breakpoint
-- A mark's time is never ahead of the server's clock (decision 0048): marks a phone stamped in the future (its clock
-- ahead) take the moment they arrived, so a later tap can correct them again.
UPDATE "attendance_marks" SET "marked_at" = "received_at" WHERE "marked_at" > "received_at";
