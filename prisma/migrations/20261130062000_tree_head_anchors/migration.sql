-- Issue 43: an anchor is the transparency log's tree head (its checkpoint's root and size) instead
-- of a Merkle tree of its batch alone. An anchor with a tree_size anchored `anchor(root,
-- tree_size)`: root is the log's RFC 6962 root at that size, its contexts are those of the log
-- below that size it confirms (context_ids), and a context's proof is its inclusion proof in the
-- log, read out of the stored tiles (ctxlog_log_proof). Anchors without one (claimed before, or of
-- contexts logged before logs were chained, which are not in the log) keep their batch's tree.
ALTER TABLE "anchors" ADD COLUMN "tree_size" BIGINT;

-- The hash of the complete subtree (node_level, node_index) of the log: 2^(level − 8·L) hashes of
-- the stored tile at tile level L = level / 8 (the tiles hold tree levels 0, 8, 16, …, at the
-- latest checkpoint's size: every complete node of an older tree is in them), hashed pairwise.
-- The rule is @ctxlog/tlog's tileForNode/hashAtFromTiles; tree-proofs.test.ts checks this against it.
CREATE FUNCTION ctxlog_log_node(node_level int, node_index bigint) RETURNS bytea
LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE AS $$
DECLARE
  tile_level int := node_level / 8;
  span int := 1 << (node_level - 8 * (node_level / 8));
  first bigint := node_index * (1 << (node_level - 8 * (node_level / 8)));
  hashes bytea;
  folded bytea;
  n int;
BEGIN
  SELECT substring(t.hashes FROM (first % 256)::int * 32 + 1 FOR span * 32) INTO hashes
    FROM tlog_tiles AS t
   WHERE t.level = tile_level AND t.tile_index = first / 256;
  IF hashes IS NULL OR length(hashes) <> span * 32 THEN
    RAISE EXCEPTION 'the log''s stored tiles hold no node %/%', node_level, node_index;
  END IF;
  n := span;
  WHILE n > 1 LOOP
    folded := '\x'::bytea;
    FOR i IN 0 .. n / 2 - 1 LOOP
      folded := folded || sha256('\x01'::bytea || substring(hashes FROM i * 64 + 1 FOR 64));
    END LOOP;
    hashes := folded;
    n := n / 2;
  END LOOP;
  RETURN hashes;
END
$$;

-- MTH(D[range_start:range_end]) (RFC 6962 §2.1) of a range the proof's recursion produces: its
-- complete subtrees, largest first (@ctxlog/tlog's rangeNodes), folded from the right.
CREATE FUNCTION ctxlog_log_range(range_start bigint, range_end bigint) RETURNS bytea
LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE AS $$
DECLARE
  at bigint := range_start;
  span bigint;
  lvl int;
  nodes bytea[] := '{}';
  folded bytea;
BEGIN
  WHILE at < range_end LOOP
    span := 1;
    lvl := 0;
    WHILE at % (span * 2) = 0 AND at + span * 2 <= range_end LOOP
      span := span * 2;
      lvl := lvl + 1;
    END LOOP;
    nodes := nodes || ctxlog_log_node(lvl, at / span);
    at := at + span;
  END LOOP;
  folded := nodes[array_length(nodes, 1)];
  FOR i IN REVERSE array_length(nodes, 1) - 1 .. 1 LOOP
    folded := sha256('\x01'::bytea || nodes[i] || folded);
  END LOOP;
  RETURN folded;
END
$$;

-- The RFC 6962 inclusion proof (PATH, §2.1.1) of leaf `leaf_index` in the log's tree of
-- `tree_size` leaves, leaf side first, 32-byte hashes concatenated (as ctxlog_merkle_proof's).
CREATE FUNCTION ctxlog_log_proof(leaf_index bigint, tree_size bigint) RETURNS bytea
LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE AS $$
DECLARE
  s bigint := 0;
  e bigint := tree_size;
  k bigint;
  parts bytea[] := '{}';
  proof bytea := '\x'::bytea;
BEGIN
  IF leaf_index < 0 OR leaf_index >= tree_size THEN
    RAISE EXCEPTION 'leaf % is not in a tree of %', leaf_index, tree_size;
  END IF;
  WHILE e - s > 1 LOOP
    k := 1;
    WHILE k * 2 < e - s LOOP
      k := k * 2;
    END LOOP;
    IF leaf_index < s + k THEN
      parts := parts || ctxlog_log_range(s + k, e);
      e := s + k;
    ELSE
      parts := parts || ctxlog_log_range(s, s + k);
      s := s + k;
    END IF;
  END LOOP;
  FOR i IN REVERSE coalesce(array_length(parts, 1), 0) .. 1 LOOP
    proof := proof || parts[i];
  END LOOP;
  RETURN proof;
END
$$;

-- A confirmed context's proof, whichever its anchor holds: the log's inclusion proof at the
-- anchored tree size, or the batch tree's sorted-pair path. The one source of a proof.
CREATE FUNCTION ctxlog_anchor_proof(tree bytea, leaf_count int, tree_size bigint, leaf_index int)
RETURNS bytea LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN leaf_index IS NULL THEN NULL
              WHEN tree_size IS NOT NULL THEN ctxlog_log_proof(leaf_index, tree_size)
              ELSE ctxlog_merkle_proof(tree, leaf_count, leaf_index) END
$$;

DROP VIEW ctxlog_context_references;
-- As 20261130031500_anchor_hashes_as_bytes created it, its proof read through ctxlog_anchor_proof
-- and the anchored tree size beside it (null: a batch's sorted-pair tree).
CREATE VIEW ctxlog_context_references AS
SELECT c.id, c.agent_id, c.context_hash, c.signature, c.created_at, c.sequence, c.prev_entry_hash,
       c.entry_hash, c.canonical_data, c.data_erased_at,
       ctxlog_anchor_proof(a.merkle_tree, a.context_count, a.tree_size, m.leaf_index) AS merkle_proof,
       m.leaf_index,
       a.id AS anchor_id, a.transaction_hash, a.block_number::text AS block_number, a.block_timestamp,
       a.confirmations, a.network, a.gas_used::text AS gas_used, a.confirmed_at, a.merkle_root,
       a.chain_id, a.registry_address, a.tree_size
  FROM contexts AS c
  LEFT JOIN confirmed_contexts AS m ON m.id = c.id
  LEFT JOIN anchors AS a ON a.id = COALESCE(m.anchor_id, c.anchor_id);

-- What `anchor(root, count)` is sent with: the tree size of a tree head, else the batch's size. An
-- int, as leaf indexes are (confirmed_contexts.leaf_index): a log past 2^31 − 1 entries needs wider
-- columns, and past 2^32 − 1 a new registry (the contract's count is a uint32).
CREATE FUNCTION ctxlog_anchored_count(tree_size bigint, context_count int) RETURNS int
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT COALESCE(tree_size::int, context_count)
$$;
