-- A course's search vector: its name and level weigh most, then its university, city and country
-- (with the country's aliases, so "uk" finds British courses). Kept by triggers so every writer agrees.
CREATE FUNCTION course_search_vector(course_name text, course_level text, university_id integer)
RETURNS tsvector LANGUAGE sql STABLE AS $$
  SELECT setweight(to_tsvector('simple', course_name), 'A')
      || setweight(to_tsvector('simple', course_level), 'B')
      || setweight(to_tsvector('simple', u.name || ' ' || u.city || ' ' || c.name || ' ' || array_to_string(c.aliases, ' ')), 'C')
  FROM universities u JOIN countries c ON c.id = u.country_id
  WHERE u.id = university_id
$$;
--> statement-breakpoint
CREATE FUNCTION courses_set_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector := course_search_vector(NEW.name, NEW.level, NEW.university_id);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER courses_search_vector BEFORE INSERT OR UPDATE OF name, level, university_id ON courses
FOR EACH ROW EXECUTE FUNCTION courses_set_search_vector();
--> statement-breakpoint
CREATE FUNCTION courses_collect_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT DISTINCT unnest(tsvector_to_array(search_vector)) FROM new_courses
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER courses_search_words_insert AFTER INSERT ON courses
REFERENCING NEW TABLE AS new_courses FOR EACH STATEMENT EXECUTE FUNCTION courses_collect_search_words();
--> statement-breakpoint
CREATE TRIGGER courses_search_words_update AFTER UPDATE ON courses
REFERENCING NEW TABLE AS new_courses FOR EACH STATEMENT EXECUTE FUNCTION courses_collect_search_words();
--> statement-breakpoint
CREATE INDEX search_words_trgm_idx ON search_words USING gin (word gin_trgm_ops);
