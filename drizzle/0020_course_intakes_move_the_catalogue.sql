-- A course's intakes are filtered on by the in-process index (decision 0030): a change to them moves the
-- catalogue's version on like a change to the courses, so every instance rebuilds within a second.
CREATE TRIGGER course_intakes_catalogue_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON course_intakes
FOR EACH STATEMENT EXECUTE FUNCTION catalogue_version_bump();
