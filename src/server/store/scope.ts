// The organization tree, walked the same bounded way everywhere. Import refuses cycles and trees deeper than
// MAX_TREE_DEPTH, so the bound never cuts a tree the interface stored; it only keeps a cycle written into the
// file by other means from turning a scope check into an endless walk.
export const MAX_TREE_DEPTH = 100;

/** `@root` and every organization below it, as the CTE `scope(uuid)`: filter with `IN (SELECT uuid FROM scope)`. */
export const SCOPE_CTE = `WITH RECURSIVE scope(uuid, depth) AS (
    SELECT uuid, 0 FROM organizations WHERE uuid = @root UNION
    SELECT o.uuid, scope.depth + 1 FROM organizations o JOIN scope ON o.parent_uuid = scope.uuid
      WHERE scope.depth < ${MAX_TREE_DEPTH}
  )`;

/** One row when `@root` is `@target` or one of its ancestors (the walk goes up from the target). */
export const ANCESTRY_CHECK = `WITH RECURSIVE up(uuid, depth) AS (
    SELECT @target, 0 UNION ALL
    SELECT o.parent_uuid, up.depth + 1 FROM organizations o JOIN up ON o.uuid = up.uuid
      WHERE o.parent_uuid IS NOT NULL AND up.depth < ${MAX_TREE_DEPTH}
  ) SELECT 1 AS one FROM up WHERE uuid = @root LIMIT 1`;
