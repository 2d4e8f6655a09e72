package dynamo

// KeepListsUpTo sets how long a list the store keeps in memory (0: none),
// so tests can run the index path and the memory path side by side.
func (s *Store) KeepListsUpTo(ids int64) { s.core.maxCachedIDs = ids }

// Client is the store's DynamoDB client, for a second store on its table.
func (s *Store) Client() DB { return s.core.db }
