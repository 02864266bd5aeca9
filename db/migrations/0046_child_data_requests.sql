-- A guardian asks to delete a child's data (issue 40, decision 0056): the request, its deadline and how it ended. The
-- deadline is the asking instant plus 30 days, held by the database; one open request per athlete; a refusal says why.
CREATE TABLE "child_data_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"athlete_id" text NOT NULL,
	"asked_by" text,
	"asked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_by" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"handled_by" text,
	"handled_at" timestamp with time zone,
	CONSTRAINT "child_data_requests_status_known" CHECK ("status" in ('open', 'done', 'refused')),
	CONSTRAINT "child_data_requests_due_in_30_days" CHECK ("due_by" = "asked_at" + interval '30 days'),
	CONSTRAINT "child_data_requests_handled_whole" CHECK (("status" = 'open') = ("handled_at" is null)),
	CONSTRAINT "child_data_requests_refusal_says_why" CHECK ("status" <> 'refused' or length(btrim("reason")) > 0)
);--> statement-breakpoint
ALTER TABLE "child_data_requests" ADD CONSTRAINT "child_data_requests_athlete_id_users_id_fk" FOREIGN KEY ("athlete_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_data_requests" ADD CONSTRAINT "child_data_requests_asked_by_users_id_fk" FOREIGN KEY ("asked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_data_requests" ADD CONSTRAINT "child_data_requests_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "child_data_requests_one_open_idx" ON "child_data_requests" USING btree ("athlete_id") WHERE "status" = 'open';--> statement-breakpoint
CREATE INDEX "child_data_requests_open_due_idx" ON "child_data_requests" USING btree ("due_by") WHERE "status" = 'open';
