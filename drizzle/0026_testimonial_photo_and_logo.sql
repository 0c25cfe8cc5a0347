ALTER TABLE "centre_settings" ADD COLUMN "logo_id" uuid;--> statement-breakpoint
ALTER TABLE "testimonials" ADD COLUMN "image_id" uuid;--> statement-breakpoint
ALTER TABLE "centre_settings" ADD CONSTRAINT "centre_settings_logo_id_media_id_fk" FOREIGN KEY ("logo_id") REFERENCES "public"."media"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testimonials" ADD CONSTRAINT "testimonials_image_id_media_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."media"("id") ON DELETE restrict ON UPDATE no action;