-- Custom SQL migration file, put your code below! --
-- The bid desk's write, decided from what this process last wrote (issue #10 §2), takes the
-- auction's lock itself and calls this with whether the row was still as it left it: otherwise
-- the statement fails with serialization_failure (40001), its transaction rolls back, and the
-- desk settles the batch again under the lock (app/services/auctions/accept-bid.server.ts).
CREATE OR REPLACE FUNCTION "encre_exiger_enchere_inchangee"(inchangee boolean) RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT inchangee THEN
    RAISE EXCEPTION 'L''enchère a changé depuis le dernier lot de mises de ce processus'
      USING ERRCODE = 'serialization_failure';
  END IF;
  RETURN true;
END
$$;
