/**
 * Order: the collection's sheets in the order visitors see them, arranged by dragging (@dnd-kit,
 * which also moves an item with the keyboard: Space to lift, arrows to move, Space to drop), by
 * Move up / Move down, or by typing a position. Every move is announced and saved as the order's
 * draft at once; visitors see it once it is published.
 */
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Input, Label, NumberField } from 'react-aria-components';
import { call, detailsOf, type SheetStatus, type StudioContext } from '../common/api';
import { editingApi, type AnswerOf } from '../../editing-contract/operations';
import { Notice, wordsOf } from '../common/parts';
import { ReviewPanel } from '../common/review-panel';
import { ReleaseChooser } from '../common/release-chooser';

/** The collection's order as the editing API answers it. */
type OrderView = AnswerOf<typeof editingApi.orders.view>;

const STATUS_SENTENCES: Record<SheetStatus, string> = {
  draft: 'A new order: visitors do not see it yet.',
  published: 'Published: visitors see this order.',
  changed: 'Changed since publish: visitors still see the order as it was.',
  unpublished: 'Not on the site.',
};

interface RowProps {
  sheet: { id: string; title: string };
  position: number;
  count: number;
  onMove: (to: number) => void;
}

function SortableRow({ sheet, position, count, onMove }: RowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: sheet.id });
  const [typed, setTyped] = useState(position);
  // A row that moved offers its new position to type over: the state is adjusted as it renders
  // (https://react.dev/learn/you-might-not-need-an-effect#adjusting-some-state-when-a-prop-changes).
  const [typedAt, setTypedAt] = useState(position);
  if (typedAt !== position) {
    setTypedAt(position);
    setTyped(position);
  }
  return (
    <li
      ref={setNodeRef}
      className={`studio-order__item${isDragging ? ' studio-order__item--dragging' : ''}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
    >
      <button
        ref={setActivatorNodeRef}
        type="button"
        className="studio-order__handle"
        {...attributes}
        {...listeners}
        aria-label={`Drag ${sheet.title}, position ${position} of ${count}`}
      >
        <span aria-hidden="true">⠿</span>
      </button>
      <span className="studio-order__position" aria-hidden="true">
        {position}
      </span>
      <span className="studio-order__title">{sheet.title}</span>
      <span className="studio-order__moves">
        <Button
          className="studio-button studio-button--small studio-button--quiet"
          isDisabled={position === 1}
          onPress={() => onMove(position - 1)}
          aria-label={`Move ${sheet.title} up`}
        >
          Up
        </Button>
        <Button
          className="studio-button studio-button--small studio-button--quiet"
          isDisabled={position === count}
          onPress={() => onMove(position + 1)}
          aria-label={`Move ${sheet.title} down`}
        >
          Down
        </Button>
        <form
          className="studio-order__to"
          onSubmit={(event) => {
            event.preventDefault();
            if (Number.isFinite(typed) && typed !== position) onMove(typed);
          }}
        >
          <NumberField
            className="studio-field studio-field--narrow"
            value={typed}
            onChange={setTyped}
            minValue={1}
            maxValue={count}
            aria-label={`Position of ${sheet.title}`}
          >
            <Label className="studio-visually-hidden">Position of {sheet.title}</Label>
            <Input />
          </NumberField>
          <Button type="submit" className="studio-button studio-button--small studio-button--quiet" aria-label={`Move ${sheet.title} to this position`}>
            Move
          </Button>
        </form>
      </span>
    </li>
  );
}

/** What a screen reader hears while a sheet is dragged, by dnd-kit's keyboard or by a pointer. */
function dragAnnouncements(sheets: Array<{ id: string; title: string }>): Announcements {
  const titleOf = (id: string | number) => sheets.find((sheet) => sheet.id === id)?.title ?? String(id);
  const positionOf = (id: string | number) => sheets.findIndex((sheet) => sheet.id === id) + 1;
  return {
    onDragStart: ({ active }) =>
      `Picked up ${titleOf(active.id)}, position ${positionOf(active.id)} of ${sheets.length}. Arrow keys move it, Space drops it, Escape cancels.`,
    // Over its own place (as it is when lifted): nothing new to say, and the pick-up words stay.
    onDragOver: ({ active, over }) =>
      over === null
        ? `${titleOf(active.id)} is no longer over a position.`
        : over.id === active.id
          ? undefined
          : `${titleOf(active.id)} is over position ${positionOf(over.id)}.`,
    onDragEnd: ({ active, over }) =>
      over === null ? `${titleOf(active.id)} was dropped where it was.` : `${titleOf(active.id)} dropped at position ${positionOf(over.id)}.`,
    onDragCancel: ({ active }) => `Moving ${titleOf(active.id)} was cancelled; it stays at position ${positionOf(active.id)}.`,
  };
}

/**
 * The collection's order as this editor changes it: the view the server last answered, the sheets
 * as shown, and saves made one after another, each from the revision the last one answered.
 */
function useOrderDraft(context: StudioContext) {
  const [view, setView] = useState<OrderView | null>(null);
  const [sheets, setSheets] = useState<Array<{ id: string; title: string }>>([]);
  const [message, setMessage] = useState<{ text: string; failed: boolean } | null>(null);
  const saving = useRef<Promise<unknown>>(Promise.resolve());
  const viewRef = useRef<OrderView | null>(null);
  /** Moves on when another editor's order replaced ours: saves queued before it are dropped. */
  const generation = useRef(0);

  /** The collection's order as the server has it now. */
  const read = useCallback(async () => {
    const [collection] = await call(context, { operation: editingApi.collections.list });
    if (collection === undefined) throw new Error('This site has no collection of literature sheets yet.');
    return call(context, { operation: editingApi.orders.view, params: { id: collection.id } });
  }, [context]);

  const show = useCallback((answer: OrderView) => {
    viewRef.current = answer;
    setView(answer);
    setSheets(answer.sheets);
  }, []);

  const load = useCallback(async () => show(await read()), [read, show]);

  // Read as the screen opens; the order is shown once the answer is in.
  useEffect(() => {
    read().then(show, (error: unknown) => setMessage({ text: error instanceof Error ? error.message : String(error), failed: true }));
  }, [read, show]);

  /** Saves the order as the draft, one save after another, each from the revision the last one answered. */
  const save = useCallback(
    (items: string[]) => {
      const queuedIn = generation.current;
      saving.current = saving.current.then(async () => {
        const current = viewRef.current;
        if (current === null || queuedIn !== generation.current) return;
        try {
          const answer = await call(context, {
            operation: editingApi.orders.save,
            params: { id: current.collectionId },
            body: { revision: current.revision, state: { ...current.draft, items } },
          });
          viewRef.current = answer;
          setView(answer);
        } catch (error) {
          const conflict = detailsOf(error).current !== undefined;
          setMessage({
            text: conflict
              ? 'Someone else changed the order meanwhile. Their order is shown now; make your move again.'
              : error instanceof Error
                ? error.message
                : String(error),
            failed: true,
          });
          if (conflict) {
            generation.current += 1;
            await load().catch((failure: unknown) => setMessage({ text: wordsOf(failure), failed: true }));
          }
        }
      });
      return saving.current;
    },
    [context, load],
  );

  return { view, setView, sheets, setSheets, message, setMessage, saving, viewRef, load, save };
}

export function OrderScreen({ context }: { context: StudioContext }) {
  const { view, setView, sheets, setSheets, message, setMessage, saving, viewRef, load, save } = useOrderDraft(context);
  const [announcement, setAnnouncement] = useState('');
  const [busy, setBusy] = useState(false);

  /** Moves a sheet; `announce` when dnd-kit has not said it already (a button, a typed position). */
  const move = (from: number, to: number, announce = true) => {
    if (!Number.isFinite(to)) return;
    const target = Math.min(Math.max(to, 0), sheets.length - 1);
    if (from === target) return;
    const next = arrayMove(sheets, from, target);
    setSheets(next);
    setMessage(null);
    if (announce) setAnnouncement(`${sheets[from]!.title} moved to position ${target + 1} of ${next.length}.`);
    void save(next.map((sheet) => sheet.id));
  };

  const publish = async () => {
    setBusy(true);
    try {
      await saving.current;
      const current = viewRef.current!;
      const answer = await call(context, { operation: editingApi.orders.publish, params: { id: current.collectionId }, body: { revision: current.revision } });
      viewRef.current = answer;
      setView(answer);
      setMessage({ text: 'Published. Visitors see this order on their next visit.', failed: false });
    } catch (error) {
      setMessage({ text: error instanceof Error ? error.message : String(error), failed: true });
    } finally {
      setBusy(false);
    }
  };

  /** Runs a release or review change once the saves queued before it are done, from the revision they left. */
  const hold = async <T,>(run: (revision: number) => Promise<T>) => {
    await saving.current;
    return run(viewRef.current!.revision);
  };

  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const announcements = dragAnnouncements(sheets);
  const positionOf = (id: string | number) => sheets.findIndex((sheet) => sheet.id === id) + 1;
  const dropped = ({ active, over }: DragEndEvent) => {
    if (over !== null && active.id !== over.id) move(positionOf(active.id) - 1, positionOf(over.id) - 1, false);
  };

  return (
    <section className="studio-order" aria-labelledby="order-heading">
      <h1 id="order-heading">Order{view === null ? '' : `: ${view.label}`}</h1>
      <p className="studio-hint">
        The sheets in the order visitors see them. Drag a sheet by its handle, or use Up, Down or a position. With the keyboard: Space on a handle lifts the
        sheet, the arrow keys move it, Space drops it. Each change is saved as a draft; publish to show it to visitors.
      </p>
      {view !== null && (
        <div className="studio-panel">
          <p>{STATUS_SENTENCES[view.status]}</p>
          <div className="studio-actions">
            <Button className="studio-button studio-button--primary" isDisabled={busy || view.status === 'published'} onPress={() => void publish()}>
              Publish this order
            </Button>
          </div>
        </div>
      )}
      {view !== null && (
        <ReleaseChooser
          context={context}
          kind="collection"
          targetId={view.collectionId}
          status={view.status}
          release={view.release}
          hold={hold}
          refresh={load}
        />
      )}
      {view !== null && (
        <ReviewPanel
          context={context}
          operations={editingApi.orders}
          id={view.collectionId}
          view={view}
          hold={hold}
          onChanged={(answer) => {
            viewRef.current = answer;
            setView(answer);
          }}
        />
      )}
      <Notice outcome={message} />
      <p className="studio-visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={dropped}
        accessibility={{
          announcements,
          screenReaderInstructions: { draggable: 'To move this sheet, press Space, then the arrow keys, then Space again to drop it, or Escape to cancel.' },
        }}
      >
        <SortableContext items={sheets.map((sheet) => sheet.id)} strategy={verticalListSortingStrategy}>
          <ol className="studio-order__list" aria-label="Sheets in order">
            {sheets.map((sheet, index) => (
              <SortableRow key={sheet.id} sheet={sheet} position={index + 1} count={sheets.length} onMove={(to) => move(index, to - 1)} />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
    </section>
  );
}
