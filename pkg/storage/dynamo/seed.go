package dynamo

import (
	"context"
	"errors"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// SeedMovies stores n new films of the current edition made by film from
// their drawn ids, transactRoom to a transaction (the film list's version
// bumped with each, as by every film write), and returns their ids. It is
// for load tests that need a large festival fast (infra/cmd/loadtest
// -scale): the film items are those CreateMovie writes, without its checks,
// its producer's message or media jobs, so the films may have no
// categories, juries or files.
func (s *Films) SeedMovies(ctx context.Context, n int, film func(id int64) festival.Movie) ([]int64, error) {
	if n <= 0 {
		return nil, nil
	}
	ed, err := s.currentEdition(ctx)
	if err != nil {
		return nil, err
	}
	ids, err := s.nextIDs(ctx, counterMovies, n)
	if err != nil {
		return nil, err
	}
	for start := 0; start < n; start += transactRoom {
		var ops []types.TransactWriteItem
		for _, id := range ids[start:min(n, start+transactRoom)] {
			m := film(id)
			if m.ID != id || len(m.Categories) > 0 || len(m.Juries) > 0 {
				return nil, errors.New("seed films: a film keeps its drawn id and has no categories or juries")
			}
			m.Edition = ed
			item, err := attributevalue.MarshalMap(toMovieItem(m, 1))
			if err != nil {
				return nil, err
			}
			ops = append(ops, types.TransactWriteItem{Put: &types.Put{TableName: &s.table, Item: item}})
		}
		if err := s.transact(ctx, ops); err != nil {
			return nil, fmt.Errorf("seed films from %d: %w", ids[start], err)
		}
	}
	return ids, nil
}
