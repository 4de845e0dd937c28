import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../ui/Button';
import {
  hasFilters,
  SORT_LABELS,
  STATUS_CHOICES,
  type DashboardFilters,
  type StatusChoice,
} from './dashboardQuery';
import type { ListSort } from '../../api/contract';

/** Typing settles this long before the list is asked again. */
export const SEARCH_DEBOUNCE_MS = 300;

export interface FilterBarProps {
  filters: DashboardFilters;
  onChange: (next: DashboardFilters) => void;
}

const isChoice = (v: string): v is StatusChoice => Object.hasOwn(STATUS_CHOICES, v);
const isSort = (v: string): v is ListSort => Object.hasOwn(SORT_LABELS, v);

/**
 * The dashboard's search and filters: words in name, patient or laboratory (debounced),
 * status, "Needs my answer", a date range of last activity and the sort. The page keeps them in
 * the address, so back and forward step through them.
 */
export function FilterBar({ filters, onChange }: FilterBarProps) {
  const id = useId();
  const [text, setText] = useState(filters.q);
  // The search this box last sent: a different `filters.q` came from the address (back/forward).
  const sent = useRef(filters.q);
  const latest = useRef(filters);
  latest.current = filters;

  useEffect(() => {
    if (filters.q === sent.current) return;
    sent.current = filters.q;
    setText(filters.q);
  }, [filters.q]);

  useEffect(() => {
    if (text === sent.current) return;
    const t = setTimeout(() => {
      sent.current = text;
      onChange({ ...latest.current, q: text });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [text, onChange]);

  const set = (patch: Partial<DashboardFilters>) => {
    const next = { ...filters, q: text, ...patch };
    sent.current = next.q;
    onChange(next);
  };

  return (
    <div className="filters" role="search" aria-label="Search and filter projects">
      <label className="filters__search">
        <span className="visually-hidden">Search projects</span>
        <input
          type="search"
          value={text}
          maxLength={100}
          placeholder="Search name, patient or lab…"
          aria-label="Search projects"
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && text !== sent.current) {
              sent.current = text;
              onChange({ ...filters, q: text });
            }
          }}
        />
      </label>
      <label className="filters__field">
        <span className="filters__label">Status</span>
        <select
          value={filters.status}
          onChange={(e) => set({ status: isChoice(e.target.value) ? e.target.value : '' })}
        >
          <option value="">All statuses</option>
          {Object.entries(STATUS_CHOICES).map(([key, c]) => (
            <option key={key} value={key}>
              {c.label}
            </option>
          ))}
        </select>
      </label>
      <label className="filters__check">
        <input
          type="checkbox"
          checked={filters.needsAnswer}
          onChange={(e) => set({ needsAnswer: e.target.checked })}
        />
        Needs my answer
      </label>
      <div className="filters__dates" role="group" aria-labelledby={`${id}-dates`}>
        <span id={`${id}-dates`} className="filters__label">
          Last activity
        </span>
        <label>
          <span className="visually-hidden">From</span>
          <input
            type="date"
            aria-label="Activity from"
            value={filters.from}
            max={filters.to || undefined}
            onChange={(e) => set({ from: e.target.value })}
          />
        </label>
        <span aria-hidden="true">–</span>
        <label>
          <span className="visually-hidden">To</span>
          <input
            type="date"
            aria-label="Activity to"
            value={filters.to}
            min={filters.from || undefined}
            onChange={(e) => set({ to: e.target.value })}
          />
        </label>
      </div>
      <label className="filters__field">
        <span className="filters__label">Sort</span>
        <select
          value={filters.sort}
          onChange={(e) => {
            if (isSort(e.target.value)) set({ sort: e.target.value });
          }}
        >
          {Object.entries(SORT_LABELS).map(([key, label]) => (
            <option key={key} value={key}>
              {label}
            </option>
          ))}
        </select>
      </label>
      {hasFilters({ ...filters, q: text }) ? (
        <Button size="sm" variant="ghost" icon="x" onClick={() => set(CLEARED)}>
          Clear filters
        </Button>
      ) : null}
    </div>
  );
}

const CLEARED: Partial<DashboardFilters> = {
  q: '',
  status: '',
  needsAnswer: false,
  from: '',
  to: '',
};
