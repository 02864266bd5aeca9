CREATE TABLE "safeguarding_reviews" (
	"lead_id" text PRIMARY KEY NOT NULL,
	"reviewed_up_to" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "paused_reason" text;--> statement-breakpoint
ALTER TABLE "message_reports" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "message_reports" ADD COLUMN "outcome_note" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "minor_messaging_suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "minor_messaging_suspended_reason" text;--> statement-breakpoint
ALTER TABLE "safeguarding_reviews" ADD CONSTRAINT "safeguarding_reviews_lead_id_users_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;