import { useRef } from 'react';
import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconGripVertical, IconMapPin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { RunStop } from '@school-transport/contracts';

interface SortableStopsProps {
  stops: readonly RunStop[];
  /** The new order of ids, after a drop. */
  onReorder: (stopIds: string[]) => void;
  onPin: (stop: RunStop) => void;
  disabled: boolean;
}

const childNames = (stop: RunStop) => stop.students.map((student) => `${student.firstName} ${student.lastName}`).join(', ');

function StopRow({ stop, number, onPin, disabled }: { stop: RunStop; number: number; onPin: () => void; disabled: boolean }) {
  const { t } = useTranslation('routes');
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: stop.id,
    disabled,
    attributes: { roleDescription: t('stops.roleDescription') },
  });
  const names = childNames(stop);
  return (
    <Card
      ref={setNodeRef}
      component="li"
      withBorder
      radius="md"
      padding="xs"
      data-testid="route-stop"
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        zIndex: isDragging ? 2 : undefined,
        boxShadow: isDragging ? 'var(--mantine-shadow-md)' : undefined,
      }}
    >
      <Group wrap="nowrap" gap="xs" align="center">
        <Button
          variant="subtle"
          color="dark"
          px={6}
          mih={44}
          style={{ cursor: disabled ? 'default' : 'grab', touchAction: 'none', flexShrink: 0 }}
          aria-label={t('stops.handle', { number, names })}
          {...attributes}
          {...listeners}
        >
          <IconGripVertical size={20} aria-hidden />
        </Button>
        <Badge size="lg" variant="filled" color="blue.9" style={{ flexShrink: 0 }} data-testid="route-stop-number">
          {number}
        </Badge>
        <div style={{ minWidth: 0, flex: 1 }}>
          <Text fw={600} c="dark.9" style={{ overflowWrap: 'anywhere' }}>
            {names}
          </Text>
          <Text size="sm" c="dark.7" style={{ overflowWrap: 'anywhere' }}>
            {stop.address}
          </Text>
          <Text size="xs" c="dark.6">
            {stop.location ? t(`stops.source.${stop.location.source}`) : t('stops.noLocation')}
          </Text>
        </div>
        <Button
          variant="default"
          mih={44}
          px="xs"
          leftSection={<IconMapPin size={16} aria-hidden />}
          aria-label={t('stops.pinLabel', { number })}
          onClick={onPin}
          style={{ flexShrink: 0 }}
        >
          {t('stops.pin')}
        </Button>
      </Group>
    </Card>
  );
}

/**
 * The run's stops as a list the office reorders by dragging (mouse, finger) or by keyboard (Space,
 * the arrow keys, Space), with every move read out in the screen's language (dnd-kit).
 */
export function SortableStops({ stops, onReorder, onPin, disabled }: SortableStopsProps) {
  const { t } = useTranslation('routes');
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = stops.map((stop) => stop.id);
  const placeOf = (id: string | number | undefined) => ids.indexOf(String(id)) + 1;
  // A stop picked up is first 'over' its own place: that is not a move, and would drown out 'Picked up'.
  const lastOver = useRef<string | number | null>(null);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      lastOver.current = active.id;
      return t('dnd.start', { from: placeOf(active.id) });
    },
    onDragOver: ({ active, over }) => {
      if (!over || over.id === lastOver.current) return undefined;
      lastOver.current = over.id;
      return t('dnd.over', { from: placeOf(active.id), to: placeOf(over.id) });
    },
    onDragEnd: ({ active, over }) => (over ? t('dnd.end', { from: placeOf(active.id), to: placeOf(over.id) }) : undefined),
    onDragCancel: ({ active }) => t('dnd.cancel', { from: placeOf(active.id) }),
  };

  const dropped = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onReorder(arrayMove(ids, ids.indexOf(String(active.id)), ids.indexOf(String(over.id))));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={dropped}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('dnd.instructions') } }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <Stack component="ol" gap="xs" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t('stops.title')}>
          {stops.map((stop, index) => (
            <StopRow key={stop.id} stop={stop} number={index + 1} onPin={() => onPin(stop)} disabled={disabled} />
          ))}
        </Stack>
      </SortableContext>
    </DndContext>
  );
}
