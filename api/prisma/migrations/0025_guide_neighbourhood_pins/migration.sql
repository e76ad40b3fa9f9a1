-- The stored guides' neighbourhoods gain the coordinates of their pins on the guide's map
-- (approximate centres of each district, typed from general geographic reference). Data only:
-- a neighbourhood matched by its guide's slug and its name; any other (an editor's own) is left
-- as it is, and so off the map until it has coordinates.
WITH "pins" ("slug", "name", "lat", "lng") AS (
  VALUES
    ('barcelona', 'Eixample', 41.3915, 2.1640),
    ('barcelona', 'Gràcia', 41.4036, 2.1567),
    ('new-york', 'Midtown', 40.7549, -73.9840),
    ('new-york', 'Lower East Side', 40.7150, -73.9843),
    ('london', 'South Bank', 51.5058, -0.1161),
    ('london', 'Shoreditch', 51.5265, -0.0780),
    ('madrid', 'Centro and Sol', 40.4169, -3.7035),
    ('madrid', 'Malasaña', 40.4260, -3.7040),
    ('paris', 'Le Marais', 48.8590, 2.3620),
    ('paris', 'Montmartre', 48.8867, 2.3431),
    ('tokyo', 'Shinjuku', 35.6938, 139.7034),
    ('tokyo', 'Asakusa', 35.7148, 139.7967)
)
UPDATE "guides" AS g
SET "content" = jsonb_set(
  g."content",
  '{neighborhoods}',
  (
    SELECT jsonb_agg(
      CASE WHEN p."slug" IS NULL THEN e.n ELSE e.n || jsonb_build_object('latitude', p."lat", 'longitude', p."lng") END
      ORDER BY e.i
    )
    FROM jsonb_array_elements(g."content" -> 'neighborhoods') WITH ORDINALITY AS e(n, i)
    LEFT JOIN "pins" p ON p."slug" = g."slug" AND p."name" = e.n ->> 'name'
  )
)
WHERE jsonb_typeof(g."content" -> 'neighborhoods') = 'array'
  AND EXISTS (
    SELECT 1 FROM jsonb_array_elements(g."content" -> 'neighborhoods') AS e(n)
    JOIN "pins" p ON p."slug" = g."slug" AND p."name" = e.n ->> 'name'
  );
