/* @name signersPage */
-- newest period first, then by address and kind; a page starts after the position it is given
SELECT address, kind, valid_from, last_seen_at, valid_until
  FROM signers
 WHERE :afterValidFrom::timestamptz IS NULL
    OR valid_from < :afterValidFrom
    OR (valid_from = :afterValidFrom AND address > :afterAddress)
    OR (valid_from = :afterValidFrom AND address = :afterAddress AND kind > :afterKind)
 ORDER BY valid_from DESC, address, kind
 LIMIT :limit!;

/* @name allSignersOf */
SELECT address, kind, valid_from, last_seen_at, valid_until
  FROM signers
 ORDER BY valid_from DESC, address;
