CREATE TABLE "catalogue_changes" (
	"version" bigint PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"ids" integer[]
);
--> statement-breakpoint
-- Decision 0038: each step of the catalogue's version says which records it changed, so every instance's
-- mirror changes those records instead of rebuilding. One step per statement as before (migration 0013),
-- now with the ids of the statement's rows: a course's for a course or its intakes, a university's, a
-- country's; null when a statement changed more than 1,000 rows (a bulk import) or was a TRUNCATE.
CREATE FUNCTION catalogue_step(changed_kind text, changed_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  moved bigint;
BEGIN
  UPDATE catalogue_version SET version = version + 1 WHERE id = 1 RETURNING version INTO moved;
  INSERT INTO catalogue_changes (version, kind, ids) VALUES (moved, changed_kind, changed_ids);
  DELETE FROM catalogue_changes WHERE version <= moved - 1000;
END
$$;
--> statement-breakpoint
CREATE FUNCTION catalogue_rows_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalogue_step(TG_ARGV[0], (SELECT CASE WHEN count(*) > 1000 THEN NULL ELSE coalesce(array_agg(DISTINCT id), '{}') END FROM new_rows));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION catalogue_rows_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalogue_step(TG_ARGV[0], (SELECT CASE WHEN count(*) > 1000 THEN NULL ELSE coalesce(array_agg(DISTINCT id), '{}') END FROM old_rows));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION catalogue_intakes_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalogue_step('courses', (SELECT CASE WHEN count(*) > 1000 THEN NULL ELSE coalesce(array_agg(DISTINCT course_id), '{}') END FROM new_rows));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION catalogue_intakes_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalogue_step('courses', (SELECT CASE WHEN count(*) > 1000 THEN NULL ELSE coalesce(array_agg(DISTINCT course_id), '{}') END FROM old_rows));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION catalogue_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalogue_step(TG_ARGV[0], NULL);
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER countries_catalogue_version ON countries;
--> statement-breakpoint
DROP TRIGGER universities_catalogue_version ON universities;
--> statement-breakpoint
DROP TRIGGER courses_catalogue_version ON courses;
--> statement-breakpoint
DROP TRIGGER course_intakes_catalogue_version ON course_intakes;
--> statement-breakpoint
DROP FUNCTION catalogue_version_bump();
--> statement-breakpoint
CREATE TRIGGER countries_added AFTER INSERT ON countries REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_rows_added('countries');
--> statement-breakpoint
CREATE TRIGGER countries_changed AFTER UPDATE ON countries REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_rows_added('countries');
--> statement-breakpoint
CREATE TRIGGER countries_removed AFTER DELETE ON countries REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_rows_removed('countries');
--> statement-breakpoint
CREATE TRIGGER countries_truncated AFTER TRUNCATE ON countries FOR EACH STATEMENT EXECUTE FUNCTION catalogue_truncated('countries');
--> statement-breakpoint
CREATE TRIGGER universities_added AFTER INSERT ON universities REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_rows_added('universities');
--> statement-breakpoint
CREATE TRIGGER universities_changed AFTER UPDATE ON universities REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_rows_added('universities');
--> statement-breakpoint
CREATE TRIGGER universities_removed AFTER DELETE ON universities REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_rows_removed('universities');
--> statement-breakpoint
CREATE TRIGGER universities_truncated AFTER TRUNCATE ON universities FOR EACH STATEMENT EXECUTE FUNCTION catalogue_truncated('universities');
--> statement-breakpoint
CREATE TRIGGER courses_added AFTER INSERT ON courses REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_rows_added('courses');
--> statement-breakpoint
CREATE TRIGGER courses_changed AFTER UPDATE ON courses REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_rows_added('courses');
--> statement-breakpoint
CREATE TRIGGER courses_removed AFTER DELETE ON courses REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_rows_removed('courses');
--> statement-breakpoint
CREATE TRIGGER courses_truncated AFTER TRUNCATE ON courses FOR EACH STATEMENT EXECUTE FUNCTION catalogue_truncated('courses');
--> statement-breakpoint
CREATE TRIGGER course_intakes_added AFTER INSERT ON course_intakes REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_intakes_added();
--> statement-breakpoint
CREATE TRIGGER course_intakes_changed AFTER UPDATE ON course_intakes REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_intakes_added();
--> statement-breakpoint
CREATE TRIGGER course_intakes_removed AFTER DELETE ON course_intakes REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_intakes_removed();
--> statement-breakpoint
CREATE TRIGGER course_intakes_truncated AFTER TRUNCATE ON course_intakes FOR EACH STATEMENT EXECUTE FUNCTION catalogue_truncated('courses');
