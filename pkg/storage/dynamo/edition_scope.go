package dynamo

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// Which edition a request reads and writes (keys.go, "Editions"). The
// current edition is the `edition` attribute of SETTINGS/SETTINGS (absent
// item or attribute: festival.FirstEdition). Reads address the edition the
// request names (festival.EditionOf), else the current one; writes always
// go to the current one, taken from the settings item the write reads
// anyway when it reads it.
//
// Reads that do not read the settings item ask the current edition of the
// store's memory, refreshed at most once a second (editionFreshness): one
// GetItem a second per instance at most, and an instance learns that
// another one started the next edition within a second. The instance that
// starts it knows at once (noteCurrentEdition), and every read of the
// settings item refreshes the memory for free (noteSettingsRead).

// editionFreshness bounds how old the current edition kept in memory may be.
const editionFreshness = time.Second

// editionMemo is the current edition as last read, and when (by the
// machine's monotonic clock, not the store's clock, which tests may stop).
type editionMemo struct {
	mu    sync.Mutex
	id    festival.EditionID
	read  time.Time     // zero: never read
	fresh time.Duration // editionFreshness; tests change it
}

// currentEdition is the current edition: the memory's when it is fresh,
// else read from the settings item (one GetItem). The lock is held across
// the read, so that concurrent requests of one instance wait for one read
// instead of each sending its own.
func (c *core) currentEdition(ctx context.Context) (festival.EditionID, error) {
	c.edition.mu.Lock()
	defer c.edition.mu.Unlock()
	if !c.edition.read.IsZero() && time.Since(c.edition.read) < c.edition.fresh {
		return c.edition.id, nil
	}
	out, err := c.db.GetItem(ctx, &dynamodb.GetItemInput{
		TableName: &c.table, Key: key(settingsPK, settingsSK), ConsistentRead: aws.Bool(true),
		ProjectionExpression: aws.String("#e"), ExpressionAttributeNames: map[string]string{"#e": attrEdition},
	})
	if err != nil {
		return "", fmt.Errorf("read the current edition: %w", err)
	}
	c.edition.id, c.edition.read = editionAttr(out.Item), time.Now()
	return c.edition.id, nil
}

// editionOf is the edition a read addresses: the one the request names,
// else the current one.
func (c *core) editionOf(ctx context.Context) (festival.EditionID, error) {
	if id, ok := festival.EditionOf(ctx); ok {
		return id, nil
	}
	return c.currentEdition(ctx)
}

// noteCurrentEdition tells the store that id is now the current edition:
// the instance that started it (or that just read the settings item) needs
// no further read to know it.
func (c *core) noteCurrentEdition(id festival.EditionID) {
	c.edition.mu.Lock()
	defer c.edition.mu.Unlock()
	c.edition.id, c.edition.read = id, time.Now()
}

// noteSettingsRead refreshes the memory from a read that asked for the
// settings item (found or not).
func (c *core) noteSettingsRead(r *settingsRead) { c.noteCurrentEdition(r.currentEdition()) }

// editionAttr is the `edition` attribute of an item, FirstEdition when the
// item or the attribute is absent (a table that never started another
// edition).
func editionAttr(item map[string]types.AttributeValue) festival.EditionID {
	if v, ok := item[attrEdition].(*types.AttributeValueMemberS); ok && v.Value != "" {
		return festival.EditionID(v.Value)
	}
	return festival.FirstEdition
}
