import { TreeListPage } from '../../components/tree-list-page';
import { usePagedList } from '../../components/use-paged-list';
import { listEvents, type EventItem } from './api';
import { QUERY_KEYS } from '../../api/query-keys';
import { EVENT_COLUMNS, EVENT_TABLE_WIDTH } from './event-columns';
import { EventFilterBar } from './event-filter-bar';
import { eventFiltersOf, listFiltersOf } from './event-filters';

/**
 * 事件记录 (/patrol/events): the notes and photos guards sent with their punches (事件上报), newest first, for the
 * picked organisation (and below) over a span of days; a photo opens its preview.
 */
export function EventPage() {
  const list = usePagedList<EventItem>(QUERY_KEYS.event, listEvents, { staleTime: 0 });
  const filters = eventFiltersOf(list.params.filters);
  return (
    <TreeListPage<EventItem>
      label="事件记录列表"
      list={list}
      columns={EVENT_COLUMNS}
      rowKey="row_key"
      scrollX={EVENT_TABLE_WIDTH}
      emptyText="暂无事件记录"
      toolbar={
        <EventFilterBar
          filters={filters}
          onApply={(next) => list.searchWith(listFiltersOf(next))}
          onSearch={() => list.searchWith(listFiltersOf(filters))}
        />
      }
    />
  );
}
