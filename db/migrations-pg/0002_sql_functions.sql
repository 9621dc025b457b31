-- The SQL functions the licensing API calls (SQLite registers the first two in JavaScript on each
-- connection, and has the others built in). Each must answer exactly as its JavaScript or SQLite
-- original: db/pg-functions.test.ts and db/dialect.test.ts check it.

-- licenseModelGroup (app/domain/entitlements.ts): a product named '... (node)' (any ASCII case) is
-- Node Locked; else the model, lower-cased as JavaScript does (İ and the Kelvin sign become i and k)
-- and kept to a-z and 0-9, names its group; anything else is Network.
CREATE FUNCTION license_model_group(license_model text, product_name text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN strpos(translate(coalesce(product_name, ''), 'NODE', 'node'), '(node)') > 0 THEN 'Node Locked'
    ELSE CASE regexp_replace(
        translate(coalesce(license_model, ''), 'ABCDEFGHIJKLMNOPQRSTUVWXYZ' || chr(304) || chr(8490), 'abcdefghijklmnopqrstuvwxyzik'),
        '[^a-z0-9]', '', 'g')
      WHEN 'sharedweb' THEN 'Shared Web'
      WHEN 'sharedwebborrow' THEN 'Shared Web'
      WHEN 'concurrentproduct' THEN 'Shared Web'
      WHEN 'fsa' THEN 'FSA'
      WHEN 'flexiblespendingaccount' THEN 'FSA'
      WHEN 'nodelocked' THEN 'Node Locked'
      WHEN 'nodelockedborrow' THEN 'Node Locked'
      WHEN 'nameduser' THEN 'Named User'
      WHEN 'nameduserborrow' THEN 'Named User'
      ELSE 'Network'
    END
  END
$$;
--> statement-breakpoint
-- webTermState (app/domain/web-licenses.ts): days are 'YYYY-MM-DD' texts, compared as text; a NULL end never ends.
CREATE FUNCTION web_term_state(start_date text, end_date text, today text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN start_date COLLATE "C" > today THEN 'not-started'
    WHEN end_date IS NOT NULL AND end_date COLLATE "C" < today THEN 'ended'
    ELSE 'in-term'
  END
$$;
--> statement-breakpoint
-- SQLite's round(x, digits): half away from zero, from the double's exact binary value (0.015 is
-- 0.01499999999999999944..., so 0.01), where round(x::numeric) would round its 15-digit decimal.
-- |x| = m / 2^k exactly, so |x| = m * 5^k / 10^k: integers, rounded at the wanted decimal.
CREATE FUNCTION round_double(x double precision, digits integer) RETURNS double precision
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  bits bigint;
  field integer;
  m numeric;
  k integer;
  beyond integer;
BEGIN
  digits := least(greatest(digits, 0), 30);
  -- A double this large has no fraction (nor have infinities; NaN stays NaN).
  IF x = 0 OR x = 'NaN' OR abs(x) > 4503599627370496 THEN RETURN x; END IF;
  IF digits = 0 THEN
    RETURN CASE WHEN x < 0 THEN -trunc(-x + 0.5) ELSE trunc(x + 0.5) END;
  END IF;
  bits := ('x' || encode(float8send(abs(x)), 'hex'))::bit(64)::bigint;
  field := (bits >> 52)::integer;
  IF field = 0 THEN
    m := bits;
    k := 1074;
  ELSE
    m := (bits & 4503599627370495) + 4503599627370496;
    k := 1075 - field;
  END IF;
  beyond := k - digits;
  IF beyond <= 0 THEN RETURN x; END IF;
  RETURN sign(x) * (div(m * 5::numeric ^ k + 5 * 10::numeric ^ (beyond - 1), 10::numeric ^ beyond)::text
    || 'e-' || digits)::double precision;
END
$$;
--> statement-breakpoint
-- The JSON of a text, or NULL when it is no JSON (SQLite's json_valid before json_each).
CREATE FUNCTION jsonb_or_null(value text) RETURNS jsonb
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
BEGIN
  RETURN value::jsonb;
EXCEPTION WHEN invalid_text_representation THEN
  RETURN NULL;
END
$$;
