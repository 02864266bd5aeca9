-- A college enrollment (issue 42's outcomes list "college enrollments and commitments"; decision 0070): the athlete
-- started at a college, recorded as the other milestones are. It names its college, as an admission or a commitment
-- does.
ALTER TABLE "athlete_milestones" DROP CONSTRAINT "athlete_milestones_kind_known";--> statement-breakpoint
ALTER TABLE "athlete_milestones" ADD CONSTRAINT "athlete_milestones_kind_known"
	CHECK ("kind" in ('test', 'applied', 'admitted', 'committed', 'enrolled', 'scholarship', 'graduated'));--> statement-breakpoint
ALTER TABLE "athlete_milestones" DROP CONSTRAINT "athlete_milestones_college_needed";--> statement-breakpoint
ALTER TABLE "athlete_milestones" ADD CONSTRAINT "athlete_milestones_college_needed"
	CHECK ("kind" not in ('applied', 'admitted', 'committed', 'enrolled') or "college" is not null);
