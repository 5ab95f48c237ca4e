/**
 * The list and search regions of the resource chart (resource.machine.ts): the page the table shows, and the
 * debounce of the search box, which raises `search.apply` for the list to load.
 */
import { resourceSetup } from './resource.actions';
import { pageLoadedTransitions } from '../support/paging';
import { failTo } from '../support/transitions';
import { listQueryOf } from './resource.rules';

/** One page of rows: loading → ready | empty | error | offline; paging, sort, filter, search and refresh reload it. */
export const listRegion = resourceSetup.createStateConfig({
  initial: 'loading',
  on: {
    // A child target re-enters that child even when it is the current one (a new load replaces the old);
    // no `reenter`, which would exit the region and, through the parallel root, every other one.
    'list.refresh': '.loading',
    'sort.set': { target: '.loading', actions: 'setSort' },
    'perPage.set': { guard: 'isPerPageAllowed', target: '.loading', actions: 'setPerPage' },
    'filter.set': { target: '.loading', actions: 'setFilter' },
    'search.apply': { target: '.loading', actions: 'applySearch' },
  },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'fetchPage',
        src: 'fetchPage',
        input: ({ context }) => ({
          page: context.list.page,
          per_page: context.list.perPage,
          ...listQueryOf(context.list),
        }),
        onDone: pageLoadedTransitions(),
        onError: [
          {
            guard: { type: 'isOffline', params: ({ event }) => ({ error: event.error }) },
            target: 'offline',
            actions: { type: 'storeListError', params: ({ event }) => ({ error: event.error }) },
          },
          failTo('error', 'storeListError'),
        ],
      },
    },
    ready: {
      on: { 'page.go': { guard: 'isPageInRange', target: 'loading', actions: 'goToPage' } },
    },
    empty: {},
    error: {
      on: { 'list.retry': 'loading' },
    },
    offline: {
      on: { 'list.retry': 'loading', 'connection.online': 'loading' },
    },
  },
});

/** The search box: each key restarts the wait; when it ends the typed text is applied to the list. */
export const searchRegion = resourceSetup.createStateConfig({
  initial: 'idle',
  states: {
    idle: {
      on: { 'search.type': { target: 'debouncing', actions: 'typeSearch' } },
    },
    debouncing: {
      on: {
        // Each key restarts the wait.
        'search.type': { target: 'debouncing', reenter: true, actions: 'typeSearch' },
        'search.apply': 'idle',
      },
      after: { searchDebounce: { target: 'idle', actions: 'applyTypedSearch' } },
    },
  },
});
