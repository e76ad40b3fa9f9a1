/**
 * A destination field with place search (seed 000 §5, §9): suggestions from `placeSearch` after
 * a 300 ms pause, from 2 characters, at most 5. Picking one keeps the structured place (ids,
 * region, coordinates); text typed without picking is kept as a plain destination name.
 */
import { Combobox, Group, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconMapPin } from '@tabler/icons-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay';
import type { PlaceSearchInputQuery, PlaceSearchInputQuery$data } from '../__generated__/PlaceSearchInputQuery.graphql';
import { PLACE_SEARCH } from '../platform/domain';
import classes from './PlaceSearchInput.module.css';

const Query = graphql`
  query PlaceSearchInputQuery($query: String!, $near: PlaceNearInput) {
    placeSearch(query: $query, near: $near) {
      placeId
      mainText
      secondaryText
      description
      latitude
      longitude
    }
  }
`;

type Place = PlaceSearchInputQuery$data['placeSearch'][number];

/** A destination as the trip form keeps it: a picked place, or just a typed name. */
export interface PlaceValue {
  mainText: string;
  secondaryText?: string | null;
  description?: string | null;
  placeId?: string | null;
  latitude?: number | null;
  longitude?: number | null;
}

export const placeLabel = (p: PlaceValue | null | undefined) => (p ? p.description || [p.mainText, p.secondaryText].filter(Boolean).join(', ') : '');

export interface PlaceSearchInputProps {
  id?: string;
  label: ReactNode;
  value: PlaceValue | null;
  onChange: (value: PlaceValue | null) => void;
  error?: ReactNode;
  description?: ReactNode;
  placeholder?: string;
  required?: boolean;
  disabled?: boolean;
  /** Inside a trip, its destination: suggestions near it come first (Belém, Lisbon on a Lisbon trip). */
  near?: { latitude: number; longitude: number } | null;
  /** Wait after the last keystroke before searching; the trip map's search waits 250 ms (seed 001 §9). */
  debounceMs?: number;
  'data-autofocus'?: boolean;
}

export function PlaceSearchInput({
  label,
  value,
  onChange,
  error,
  description,
  placeholder,
  required,
  disabled,
  debounceMs = PLACE_SEARCH.debounceMs,
  near,
  ...rest
}: PlaceSearchInputProps) {
  const nearLat = near?.latitude ?? null;
  const nearLng = near?.longitude ?? null;
  const environment = useRelayEnvironment();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [text, setText] = useState(() => placeLabel(value));
  const [debounced] = useDebouncedValue(text, debounceMs);
  const [results, setResults] = useState<readonly Place[]>([]);
  const [loading, setLoading] = useState(false);
  const [searched, setSearched] = useState('');
  /** The text of the place just picked: no need to search for it again. */
  const picked = useRef<string | null>(value?.placeId ? placeLabel(value) : null);

  useEffect(() => {
    const query = debounced.trim();
    if (query.length < PLACE_SEARCH.minChars || query === picked.current) {
      setResults([]);
      setLoading(false);
      setSearched('');
      return undefined;
    }
    setLoading(true);
    const bias = nearLat !== null && nearLng !== null ? { latitude: nearLat, longitude: nearLng } : null;
    const subscription = fetchQuery<PlaceSearchInputQuery>(environment, Query, { query, near: bias }, { fetchPolicy: 'network-only' }).subscribe({
      next: (data) => {
        setResults(data.placeSearch.slice(0, PLACE_SEARCH.maxResults));
        setSearched(query);
        setLoading(false);
      },
      error: () => {
        setResults([]);
        setSearched(query);
        setLoading(false);
      },
    });
    return () => subscription.unsubscribe();
  }, [debounced, environment, nearLat, nearLng]);

  // Show the first suggestion as the keyboard's starting point when results arrive.
  useEffect(() => {
    if (results.length > 0) combobox.selectFirstOption();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [results]);

  const typed = text.trim();
  const stale = typed !== searched;
  const showDropdown = typed.length >= PLACE_SEARCH.minChars && typed !== picked.current && (loading || stale || results.length > 0 || searched !== '');

  const pick = (placeId: string) => {
    const place = results.find((r) => r.placeId === placeId);
    if (!place) return;
    const labelText = placeLabel(place);
    picked.current = labelText;
    setText(labelText);
    setResults([]);
    onChange({
      mainText: place.mainText,
      secondaryText: place.secondaryText || null,
      description: place.description,
      placeId: place.placeId,
      latitude: place.latitude,
      longitude: place.longitude,
    });
    combobox.closeDropdown();
  };

  return (
    <Combobox store={combobox} onOptionSubmit={pick} withinPortal keepMounted={false} classNames={{ option: classes.option }}>
      <Combobox.Target>
        <TextInput
          {...rest}
          label={label}
          description={description}
          placeholder={placeholder}
          required={required}
          disabled={disabled}
          error={error}
          value={text}
          autoComplete="off"
          leftSection={<IconMapPin size={16} aria-hidden />}
          rightSection={loading ? <Loader size={16} aria-hidden /> : null}
          onChange={(event) => {
            const next = event.currentTarget.value;
            setText(next);
            picked.current = null;
            onChange(next.trim() ? { mainText: next.trim() } : null);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onClick={() => combobox.openDropdown()}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
        />
      </Combobox.Target>

      <Combobox.Dropdown hidden={!showDropdown}>
        {/* A listbox must hold options: while there are none, the dropdown shows only the status line. */}
        {results.length > 0 && (
          <Combobox.Options aria-label="Suggested places">
            {results.map((place) => (
              <Combobox.Option value={place.placeId} key={place.placeId}>
                <Group gap={8} wrap="nowrap">
                  <IconMapPin size={16} aria-hidden style={{ flexShrink: 0 }} />
                  <div>
                    <Text fz="sm" fw={600}>
                      {place.mainText}
                    </Text>
                    {place.secondaryText && (
                      <Text fz="xs" c="gray.7">
                        {place.secondaryText}
                      </Text>
                    )}
                  </div>
                </Group>
              </Combobox.Option>
            ))}
          </Combobox.Options>
        )}
        {results.length === 0 && (
          <Combobox.Empty role="status">{loading || stale ? 'Searching…' : 'No matching places. You can keep what you typed.'}</Combobox.Empty>
        )}
      </Combobox.Dropdown>
    </Combobox>
  );
}
