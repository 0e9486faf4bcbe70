CREATE TABLE "catalogue_version" (
	"id" smallint PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "catalogue_version" ("id", "version") VALUES (1, 0);
--> statement-breakpoint
-- Any statement that changes countries, universities or courses moves the version on, once per
-- statement (a bulk import of 200,000 courses is one step), so caches and search indexes can see they are behind.
CREATE FUNCTION catalogue_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalogue_version SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER countries_catalogue_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON countries
FOR EACH STATEMENT EXECUTE FUNCTION catalogue_version_bump();
--> statement-breakpoint
CREATE TRIGGER universities_catalogue_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON universities
FOR EACH STATEMENT EXECUTE FUNCTION catalogue_version_bump();
--> statement-breakpoint
CREATE TRIGGER courses_catalogue_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON courses
FOR EACH STATEMENT EXECUTE FUNCTION catalogue_version_bump();
