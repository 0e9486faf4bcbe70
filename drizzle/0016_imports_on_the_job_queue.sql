-- Catalogue import steps now run as jobs on the queue (decisions 0020, 0021) and are resumed by their
-- job after a restart. An import left checking or applying by the code before this one has no job:
-- it is failed here, once, as that code's start did ("run the dry run again"). The apply was one
-- transaction, so nothing of it was written.
UPDATE "catalogue_imports"
SET "status" = 'failed',
    "failure" = 'Interrupted by a restart; run the dry run again.',
    "updated_at" = now()
WHERE "status" IN ('checking', 'applying');
