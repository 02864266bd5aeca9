-- Written by hand (issue 38): a photo's copies are made by the job queue, not inside the upload's request. The photo
-- row is stored at once with its original (until its copies exist) and `copies` = 'preparing'; the job writes the
-- copies, the size of the widest, 'ready', and forgets the original. A photo the job cannot turn into copies is
-- 'failed' with the reason (`problem`, a key of PHOTO_MESSAGES, said to the coach in their language) and no original.
-- Photos stored before this migration have their copies: 'ready'. The size is unknown until the copies exist.
ALTER TABLE "gallery_photos" ADD COLUMN "copies" text DEFAULT 'ready' NOT NULL;--> statement-breakpoint
ALTER TABLE "gallery_photos" ADD COLUMN "original" bytea;--> statement-breakpoint
ALTER TABLE "gallery_photos" ADD COLUMN "problem" text;--> statement-breakpoint
ALTER TABLE "gallery_photos" ALTER COLUMN "width" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "gallery_photos" ALTER COLUMN "height" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "gallery_photos" ADD CONSTRAINT "gallery_photos_copies" CHECK (
  ("copies" = 'preparing' AND "original" IS NOT NULL AND "problem" IS NULL)
  OR ("copies" = 'ready' AND "original" IS NULL AND "problem" IS NULL AND "width" IS NOT NULL AND "height" IS NOT NULL)
  OR ("copies" = 'failed' AND "original" IS NULL AND "problem" IS NOT NULL)
);--> statement-breakpoint
ALTER TABLE "coach_photos" ADD COLUMN "copies" text DEFAULT 'ready' NOT NULL;--> statement-breakpoint
ALTER TABLE "coach_photos" ADD COLUMN "original" bytea;--> statement-breakpoint
ALTER TABLE "coach_photos" ADD COLUMN "problem" text;--> statement-breakpoint
ALTER TABLE "coach_photos" ALTER COLUMN "width" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "coach_photos" ALTER COLUMN "height" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "coach_photos" ADD CONSTRAINT "coach_photos_copies" CHECK (
  ("copies" = 'preparing' AND "original" IS NOT NULL AND "problem" IS NULL)
  OR ("copies" = 'ready' AND "original" IS NULL AND "problem" IS NULL AND "width" IS NOT NULL AND "height" IS NOT NULL)
  OR ("copies" = 'failed' AND "original" IS NULL AND "problem" IS NOT NULL)
);
