-- A batch keeps its Merkle tree, and its contexts no longer keep their proofs (issues 23 and 28):
-- a proof (up to 12 nodes, 384 bytes for a batch of 4,096) was written into every context row at
-- its confirmation; the tree below the root costs 64 bytes a context, once, in the anchor, and a
-- proof is read out of it when one is asked for. Rows confirmed before keep theirs (readers take
-- the row's proof when it has one).
ALTER TABLE "anchors" ADD COLUMN "merkle_tree" BYTEA;

-- Never compressed, so that substring() on it fetches only the TOAST chunks that hold the nodes
-- asked for (a tree of 4,096 leaves is 256 KiB; a proof reads 12 of its 32-byte nodes).
ALTER TABLE "anchors" ALTER COLUMN "merkle_tree" SET STORAGE EXTERNAL;

-- The proof of leaf `leaf_index` of a tree of `leaf_count` leaves, as contexts.merkle_proof holds one
-- (its nodes concatenated): at each level, the node beside the path's when there is one (an odd
-- node at the end of a level is promoted, and its proof has nothing for that level). Mirrors
-- @ctxlog/core proofFromLevels; the levels are buildMerkleLevels' (leaves first, root left out).
CREATE FUNCTION ctxlog_merkle_proof(tree bytea, leaf_count int, leaf_index int) RETURNS bytea
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  proof bytea := '\x'::bytea;
  n int := leaf_count;
  position int := leaf_index;
  level_start int := 0;
BEGIN
  IF leaf_index < 0 OR leaf_index >= leaf_count THEN
    RAISE EXCEPTION 'leaf % is not one of %', leaf_index, leaf_count;
  END IF;
  WHILE n > 1 LOOP
    IF (position # 1) < n THEN
      proof := proof || substring(tree FROM level_start + (position # 1) * 32 + 1 FOR 32);
    END IF;
    level_start := level_start + n * 32;
    position := position >> 1;
    n := (n + 1) >> 1;
  END LOOP;
  RETURN proof;
END
$$;
