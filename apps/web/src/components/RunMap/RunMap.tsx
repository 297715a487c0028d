import { useEffect, useRef, useState } from 'react';
import { Button } from '@mantine/core';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import './RunMap.css';
import type { LatLng, MapSettings } from '@school-transport/contracts';

export interface MapStop {
  id: string;
  number: number;
  /** The marker's name for screen readers and its tooltip ('Stop 2: Amal, Aya'). */
  title: string;
  location: LatLng | null;
}

export interface RunMapProps {
  stops: readonly MapStop[];
  settings: MapSettings;
  /** The map region's accessible name. */
  label: string;
  zoomLabels: { zoomIn: string; zoomOut: string };
  /** Where the bus is now (the live map), drawn over the stops; `stale`: greyed, its last position is old. */
  bus?: (LatLng & { title: string; stale?: boolean }) | null;
  /** Where the bus went (a run's trail), drawn under the stops. */
  trail?: readonly LatLng[];
  /** Whether the markers are joined by a line in their order (a run's stops); not for unrelated markers (every bus). */
  line?: boolean;
  /** The stop the office is placing: a click on the map puts it there. */
  placing?: string | null;
  /** Given, the stops' markers can be dragged and the map clicked to place `placing`. */
  onPlace?: (stopId: string, at: LatLng) => void;
  /**
   * Given, the view keeps the bus and the stops in view at each new position until the person moves
   * the map themselves; then a button with this label brings the view back to following the bus.
   */
  followLabel?: string;
}

/** Bahrain, for a run without a single position yet. */
const BAHRAIN: L.LatLngExpression = [26.07, 50.55];

/**
 * A run on the map: numbered stop markers in order joined by a line, on raster tiles from the
 * server's settings (OpenStreetMap's by default). Leaflet, because it is small, draws raster tiles
 * without WebGL (older phones and the test browser), and its markers are keyboard-focusable.
 * Without tiles (offline, a blocked tile server) the markers and line still draw on the plain
 * background. Loaded lazily (LazyRunMap): the library arrives only with a map on screen.
 */
export default function RunMap({ stops, settings, label, zoomLabels, bus = null, trail = [], line = true, placing = null, onPlace, followLabel }: RunMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const layer = useRef<L.LayerGroup | null>(null);
  const fitted = useRef<string | null>(null);
  const points = useRef<L.LatLngTuple[]>([]);
  // Set while the map moves the view itself, so that only the person's own moves stop the following.
  const fitting = useRef(false);
  const [following, setFollowing] = useState(true);
  const follows = useRef(true);
  follows.current = following;

  /** The view around the points: the bus and the stops (and the trail), without animation. */
  const fit = (shown: L.Map) => {
    const around = points.current;
    fitting.current = true;
    try {
      if (around.length === 1) shown.setView(around[0]!, 15, { animate: false });
      else if (around.length > 1) shown.fitBounds(L.latLngBounds(around), { padding: [30, 30], maxZoom: 16, animate: false });
    } finally {
      fitting.current = false;
    }
  };

  useEffect(() => {
    if (!container.current) return;
    // Without zoom animations: a map removed while one runs (the list chosen mid-zoom) would throw when it ends.
    const created = L.map(container.current, {
      zoomControl: false,
      center: BAHRAIN,
      zoom: 10,
      zoomAnimation: false,
      fadeAnimation: false,
      markerZoomAnimation: false,
    });
    L.control.zoom({ zoomInTitle: zoomLabels.zoomIn, zoomOutTitle: zoomLabels.zoomOut }).addTo(created);
    L.tileLayer(settings.tileUrl, { attribution: settings.attribution, maxZoom: 19, crossOrigin: false }).addTo(created);
    layer.current = L.layerGroup().addTo(created);
    map.current = created;
    // A drag, a zoom or the keyboard's arrows: the person looks elsewhere, and the view stays there.
    const moved = () => {
      if (!fitting.current) setFollowing(false);
    };
    created.on('movestart zoomstart', moved);
    return () => {
      created.remove();
      map.current = null;
      layer.current = null;
      fitted.current = null;
    };
  }, [settings.tileUrl, settings.attribution, zoomLabels.zoomIn, zoomLabels.zoomOut]);

  useEffect(() => {
    const group = layer.current;
    const shown = map.current;
    if (!group || !shown) return;
    group.clearLayers();
    if (trail.length > 1)
      L.polyline(
        trail.map((point) => [point.lat, point.lng] as L.LatLngTuple),
        { className: 'run-map-trail', color: '#a63c06', weight: 4, opacity: 0.8 },
      ).addTo(group);
    const placed = stops.filter((stop): stop is MapStop & { location: LatLng } => stop.location !== null);
    if (line && placed.length > 1)
      L.polyline(
        placed.map((stop) => [stop.location.lat, stop.location.lng] as L.LatLngTuple),
        { color: '#1c3f94', weight: 3, opacity: 0.7 },
      ).addTo(group);
    for (const stop of placed) {
      const marker = L.marker([stop.location.lat, stop.location.lng], {
        icon: L.divIcon({
          className: `run-map-stop${stop.id === placing ? ' run-map-stop-placing' : ''}`,
          html: `<span>${stop.number}</span>`,
          iconSize: [30, 30],
          iconAnchor: [15, 15],
        }),
        title: stop.title,
        alt: stop.title,
        keyboard: true,
        draggable: Boolean(onPlace),
      });
      if (onPlace) marker.on('dragend', () => onPlace(stop.id, marker.getLatLng()));
      marker.addTo(group);
    }
    if (bus) {
      L.marker([bus.lat, bus.lng], {
        icon: L.divIcon({ className: `run-map-bus${bus.stale ? ' run-map-bus-stale' : ''}`, html: '<span></span>', iconSize: [22, 22] }),
        title: bus.title,
        alt: bus.title,
        keyboard: true,
      }).addTo(group);
    }

    // The view fits the stops (and the bus, the trail) when another run or the first position arrives, not after every pin or move.
    const key = `${placed.map((stop) => stop.id).join(',')}|${bus ? 'bus' : ''}|${trail.length > 0 ? 'trail' : ''}`;
    points.current = [
      ...placed.map((stop) => [stop.location.lat, stop.location.lng] as L.LatLngTuple),
      ...(bus ? [[bus.lat, bus.lng] as L.LatLngTuple] : []),
      ...trail.map((point) => [point.lat, point.lng] as L.LatLngTuple),
    ];
    // Following the bus, every new position fits the view again, unless the person moved the map.
    if (fitted.current !== key || (followLabel && bus && follows.current)) {
      fitted.current = key;
      fit(shown);
    }
  }, [stops, bus, trail, line, placing, onPlace, followLabel]);

  useEffect(() => {
    const shown = map.current;
    if (!shown || !placing || !onPlace) return;
    const place = (event: L.LeafletMouseEvent) => onPlace(placing, event.latlng);
    shown.on('click', place);
    return () => {
      shown.off('click', place);
    };
  }, [placing, onPlace]);

  const followAgain = () => {
    setFollowing(true);
    if (map.current) fit(map.current);
  };

  return (
    <>
      <div ref={container} className="run-map" role="region" aria-label={label} dir="ltr" data-testid="run-map" />
      {followLabel && bus && !following && (
        <Button variant="light" onClick={followAgain} mt="xs">
          {followLabel}
        </Button>
      )}
    </>
  );
}
