import { memo, Suspense, useCallback, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import IconButton from "@mui/material/IconButton";
import Popover from "@mui/material/Popover";
import Tooltip from "@mui/material/Tooltip";
import AddIcon from "@mui/icons-material/Add";
import EditIcon from "@mui/icons-material/EditOutlined";
import MoreIcon from "@mui/icons-material/MoreVert";
import {
  DataTable,
  List,
  Loading,
  Pagination,
  SearchInput,
  SelectInput,
  TopToolbar,
  useGetRecordRepresentation,
  useListContext,
  useRecordContext,
  useResourceContext,
  type RaRecord,
} from "react-admin";
import { languageEntry, TRANSLATION_LANGUAGES } from "../../shared/languages.ts";
import { publicationStatus, statusLabel, type Publishable } from "../../shared/publishing.ts";
import { NEEDS_TRANSLATION_FILTER } from "../lib/translations.ts";
import { isTranslated, NEEDS_TRANSLATION_CHOICES, TranslationStateCell } from "../translations/TranslationState.tsx";
import { usePublishing } from "../auth/roles.tsx";
import { resourceTexts, smallScreenColumns, type ResourceConfig } from "../resources/types.ts";
import { BulkActions, hasBulkActions } from "./BulkActions.tsx";
import { columnCell } from "./cells.tsx";
import { DeleteButton } from "./DeleteButton.tsx";
import { DuplicateButton } from "./DuplicateButton.tsx";
import { usePreloadedCode } from "./FieldInput.tsx";
import { useEditorRoute } from "./editorRoute.ts";
import { ListLoadError, readOptions } from "./LoadError.tsx";
import { MoveButtons } from "./MoveButtons.tsx";
import { PageHeader } from "./PageHeader.tsx";
import { CurrentEditors, EditingChip } from "./presence.tsx";
import { PreviewButton } from "./PreviewButton.tsx";
import { PublishToggle } from "./PublishToggle.tsx";
import { ResourceDialog, type DialogState } from "./ResourceDialog.tsx";
import { useRowCheckboxLabels } from "./useRowCheckboxLabels.ts";
import { useSmallScreen } from "./useSmallScreen.ts";

export interface ResourceListProps {
  config: ResourceConfig;
  /** The react-admin resource; the config's name unless the list is embedded (gallery tabs). */
  resource?: string;
  /** Inside another page: no page heading, and list parameters kept out of the URL. */
  embedded?: boolean;
  /** Extra content under the heading. */
  intro?: ReactNode;
}

/**
 * The generic list of a resource config: columns, search and filters through the API, pagination,
 * and per row edit (modal), publish toggle, move up/down and delete, as the config allows; a row
 * others have open in their editor says who. On a phone it fits the screen: the config's small-screen
 * columns only, the status and a menu of the row's actions in one narrow column, the toolbar wrapping.
 */
export function ResourceList({ config, resource = config.name, embedded = false, intro }: ResourceListProps) {
  // The open editor is the address's: /admin/<resource>/<id> (editorRoute.ts).
  const [dialog, setDialog] = useEditorRoute(config);
  // One function for the list's life: the navigation behind it changes with the address, and the
  // list must not redraw because an editor opened.
  const latestSetDialog = useRef(setDialog);
  useLayoutEffect(() => {
    latestSetDialog.current = setDialog;
  });
  const openEditor = useCallback((next: DialogState) => latestSetDialog.current(next), []);
  const labelRowCheckboxes = useRowCheckboxLabels();
  usePreloadedCode(config);

  return (
    <CurrentEditors table={config.table}>
      <Box ref={labelRowCheckboxes}>
        {!embedded && <PageHeader title={config.title ?? config.label}>{intro}</PageHeader>}
        {/* Whatever in the list waits for code (its rows' own actions, drawn with the first rows) hides
            this boundary only: not the open editor below, which a hidden page would take the focus from. */}
        <Suspense fallback={<Loading loadingPrimary="Loading" loadingSecondary="" />}>
          <ListTable config={config} resource={resource} embedded={embedded} onOpen={openEditor} />
        </Suspense>
        <ResourceDialog config={config} resource={resource} state={dialog} onClose={() => setDialog(null)} />
      </Box>
    </CurrentEditors>
  );
}

interface ListTableProps {
  config: ResourceConfig;
  resource: string;
  embedded: boolean;
  /** Opens an editor (a record's, or a new one). */
  onOpen(next: DialogState): void;
}

/**
 * The list itself. Opening or closing an editor changes the address and the page's state, not the
 * list: kept from redrawing then (memo), so that an editor opens without every row being drawn again.
 */
const ListTable = memo(function ListTable({ config, resource, embedded, onOpen }: ListTableProps) {
  const publishing = usePublishing(config, resource) === true;
  const small = useSmallScreen();
  const texts = resourceTexts(config);
  const { capabilities } = config;
  const nounPlural = config.nounPlural ?? `${config.noun}s`;
  const translated = isTranslated(config);
  const onEdit = (id: RaRecord["id"]) => onOpen({ mode: "edit", id });

  const filters = [
    ...(config.searchFields?.length
      ? [<SearchInput key="q" source="q" alwaysOn placeholder={config.searchPlaceholder ?? "Search..."} aria-label="Search" />]
      : []),
    ...(config.filters ?? []).map((filter) => (
      <SelectInput key={filter.source} source={filter.source} label={filter.label} choices={filter.choices as { id: string; name: string }[]} alwaysOn emptyText="All" />
    )),
    ...(translated ? [<SelectInput key={NEEDS_TRANSLATION_FILTER} source={NEEDS_TRANSLATION_FILTER} label="Translation" choices={NEEDS_TRANSLATION_CHOICES} alwaysOn emptyText="All" />] : []),
  ];

  return (
    <List
      resource={resource}
      title={embedded ? false : (config.title ?? config.label)}
      sort={config.sort}
      perPage={config.perPage ?? 25}
      filters={filters.length ? filters : undefined}
      actions={
        <TopToolbar sx={{ flexWrap: "wrap", gap: 1 }}>
          {capabilities.create && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => onOpen({ mode: "create" })}>
              {texts.create}
            </Button>
          )}
        </TopToolbar>
      }
      empty={false}
      error={<ListLoadError nounPlural={nounPlural} />}
      pagination={<ListPagination />}
      exporter={false}
      disableSyncWithLocation={embedded}
      storeKey={embedded ? `${resource}.embedded` : undefined}
      queryOptions={readOptions(texts.fetchError)}
      // Sort buttons at least 24 px high (WCAG 2.2 target size), also beside the selection checkboxes.
      // On a phone, narrower cell padding.
      sx={{
        "& .MuiTableSortLabel-root": { minHeight: 24 },
        // The row actions stay in view at every width: when the columns are wider than the list,
        // its last column keeps to the list's right edge while the others slide under it.
        [`& .${ACTIONS_CELL}`]: { position: "sticky", right: 0, zIndex: 1, bgcolor: "background.paper" },
        ...(small && { "& .MuiTableCell-root:not(.MuiTableCell-paddingCheckbox)": { px: 1 } }),
      }}
    >
      <DataTable
        bulkActionButtons={hasBulkActions(config, publishing) ? <BulkActions config={config} publishing={publishing} /> : false}
        rowClick={capabilities.edit ? (id) => (onEdit(id), false) : false}
        empty={<EmptyList noun={nounPlural} />}
      >
        {(small ? smallScreenColumns(config) : config.columns).map((column) => (
          <DataTable.Col
            key={column.source}
            source={column.source}
            label={column.label}
            disableSort={!column.sortable}
            render={(record: RaRecord) => columnCell(column, record)}
          />
        ))}
        {translated &&
          !small &&
          TRANSLATION_LANGUAGES.map((language) => (
            <DataTable.Col key={`translation-${language}`} label={languageEntry(language).name} disableSort render={(record: RaRecord) => <TranslationStateCell config={config} language={language} id={record.id} />} />
          ))}
        {capabilities.publish && !small && <DataTable.Col source="published" label="Status" render={(record: RaRecord) => <StatusChip record={record as RaRecord & Publishable} />} />}
        {small ? (
          <DataTable.Col
            label={capabilities.publish ? "Status" : "Actions"}
            align="right"
            disableSort
            cellClassName={ACTIONS_CELL}
            headerClassName={ACTIONS_CELL}
            render={(record: RaRecord) => (
              <Box sx={{ display: "flex", flexDirection: "column", alignItems: "flex-end", gap: 0.5 }}>
                {capabilities.publish && <StatusChip record={record as RaRecord & Publishable} />}
                <RowActionsMenu config={config} publishing={publishing} onEdit={onEdit} />
              </Box>
            )}
          />
        ) : (
          <DataTable.Col label="Actions" align="right" disableSort cellClassName={ACTIONS_CELL} headerClassName={ACTIONS_CELL} render={() => <RowActions config={config} publishing={publishing} onEdit={onEdit} />} />
        )}
      </DataTable>
    </List>
  );
});

/** The cells of the row actions' column. */
const ACTIONS_CELL = "row-actions-cell";

/**
 * Draft, Published, or Scheduled with its time (shared/publishing.ts). The longest, a scheduled
 * time, wraps onto two lines rather than widening the row.
 */
export function StatusChip({ record }: { record: Publishable }) {
  const status = publicationStatus(record);
  const color = status.kind === "published" ? "success" : status.kind === "scheduled" ? "info" : "default";
  return (
    <Chip
      size="small"
      label={statusLabel(status)}
      color={color}
      variant={status.kind === "draft" ? "outlined" : "filled"}
      sx={{ height: "auto", minHeight: 24, maxWidth: 132, py: 0.25, "& .MuiChip-label": { whiteSpace: "normal", textAlign: "center", lineHeight: 1.35 } }}
    />
  );
}

/** Pagination, except when the read failed: "1-25 of 25" beside an error would be a stale claim. */
function ListPagination() {
  const { error } = useListContext();
  return error ? null : <Pagination />;
}

function EmptyList({ noun }: { noun: string }) {
  return (
    <Box sx={{ p: 4, textAlign: "center", color: "text.secondary" }}>
      No {noun} yet.
    </Box>
  );
}

interface RowActionsProps {
  config: ResourceConfig;
  /** Publish and Unpublish are offered (auth/roles.tsx usePublishing). */
  publishing: boolean;
  onEdit: (id: RaRecord["id"]) => void;
  /** In the small-screen menu: the buttons wrap in the menu's width. */
  wrap?: boolean;
}

/** On a phone, a row's actions behind one button: the menu holds the same buttons as the wide row. */
function RowActionsMenu({ config, publishing, onEdit }: Omit<RowActionsProps, "wrap">) {
  const record = useRecordContext();
  const representation = useGetRecordRepresentation(useResourceContext());
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!record) return null;
  const close = () => setAnchor(null);
  return (
    // Clicks in the menu stay out of the row (whose click opens the editor), portal or not.
    <Box onClick={(event) => event.stopPropagation()}>
      <IconButton size="small" aria-label={`Actions for ${String(representation(record))}`.trim()} aria-haspopup="true" aria-expanded={anchor !== null} onClick={(event) => setAnchor(event.currentTarget)}>
        <MoreIcon fontSize="small" />
      </IconButton>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
        transformOrigin={{ vertical: "top", horizontal: "right" }}
        slotProps={{ paper: { sx: { p: 1.5, maxWidth: "calc(100vw - 32px)" } } }}
      >
        <RowActions
          config={config}
          publishing={publishing}
          wrap
          onEdit={(id) => {
            close();
            onEdit(id);
          }}
        />
      </Popover>
    </Box>
  );
}

function RowActions({ config, publishing, onEdit, wrap = false }: RowActionsProps) {
  const record = useRecordContext();
  const { data, page, perPage, total } = useListContext();
  const texts = resourceTexts(config);
  if (!record) return null;
  const index = data?.findIndex((row) => row.id === record.id) ?? -1;
  const isFirst = page === 1 && index === 0;
  const isLast = total !== undefined && (page - 1) * perPage + index === total - 1;
  return (
    <Box sx={{ display: "flex", flexWrap: wrap ? "wrap" : "nowrap", gap: 0.5, alignItems: "center", justifyContent: "flex-end", whiteSpace: "nowrap" }} onClick={(event) => event.stopPropagation()}>
      <EditingChip id={record.id} />
      {config.capabilities.reorder && config.move && <MoveButtons move={config.move} errorText={texts.updateError} isFirst={isFirst} isLast={isLast} />}
      {publishing && <PublishToggle errorText={texts.updateError} reloadsList={config.publishesOne} />}
      {config.sitePath && <PreviewButton config={config} />}
      {config.rowActions && (
        // A type's own actions may be code loaded with the list: until then the row shows the others.
        <Suspense fallback={null}>
          <config.rowActions />
        </Suspense>
      )}
      {config.capabilities.edit && (
        <Tooltip title="Edit">
          <IconButton size="small" aria-label="Edit" onClick={() => onEdit(record.id)}>
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {config.duplicate && config.capabilities.create && <DuplicateButton config={config} />}
      {config.capabilities.delete && (
        <DeleteButton confirmText={texts.confirmDelete} title={texts.deleteTitle} errorText={texts.deleteError} undo={{ table: config.table, noun: config.noun }} />
      )}
    </Box>
  );
}
