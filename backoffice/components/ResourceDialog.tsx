import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Button from "@mui/material/Button";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import CloseIcon from "@mui/icons-material/Close";
import { useQueryClient } from "@tanstack/react-query";
import { CreateBase, EditBase, Form, Loading, useNotify, useRefresh, useResourceContext, useTranslate, type Identifier, type RaRecord } from "react-admin";
import { useFormContext, useFormState } from "react-hook-form";
import { DEFAULT_LANGUAGE, TRANSLATION_LANGUAGES, type Language } from "../../shared/languages.ts";
import { HistoryPanel } from "../history/HistoryPanel.tsx";
import { TRANSLATIONS_RESOURCE, TRANSLATIONS_TABLE } from "../lib/translations.ts";
import type { LanguageErrors } from "../translations/language-errors.ts";
import { FormErrorsReporter, LanguageErrorSummary, LanguageTabs, useRowTranslations, type LanguageState } from "../translations/LanguageTabs.tsx";
import { translationConfig, translationItems } from "../translations/translation-form.ts";
import { isTranslated } from "../translations/TranslationState.tsx";
import { isConflict } from "../lib/row-versions.ts";
import { usePublishing } from "../auth/roles.tsx";
import { errorStatus, isRetryable } from "../lib/errors.ts";
import { capitalize } from "../../shared/format.ts";
import { resourceTexts, type ResourceConfig } from "../resources/types.ts";
import { clearDraft, draftKey, useAutosave } from "./autosave.ts";
import { ConflictDialog, UnsavedChanges, type UnsavedField } from "./ConflictDialog.tsx";
import { FieldInput } from "./FieldInput.tsx";
import { FieldList } from "./FieldSection.tsx";
import { EditingAlert, useEditLease } from "./presence.tsx";
import { PreviewButton } from "./PreviewButton.tsx";
import { SaveButton } from "./SaveButton.tsx";
import { useAdminDataProvider } from "./useAdminDataProvider.ts";
import { useReport } from "./useReport.ts";

// A translation's fields load with the editor's first translation tab, not with the list.
const TranslationFields = lazy(async () => ({ default: (await import("../translations/TranslationFields.tsx")).TranslationFields }));

export type DialogState = { mode: "create"; defaults?: Record<string, unknown> } | { mode: "edit"; id: Identifier } | null;

export interface ResourceDialogProps {
  config: ResourceConfig;
  state: DialogState;
  onClose: () => void;
  /** The react-admin resource (the route name, or the table for embedded lists). */
  resource?: string;
}

/**
 * The one modal editor: CreateBase / EditBase with redirect={false} inside a MUI Dialog, for any
 * resource config. Opened empty (or with defaults) for new records and prefilled for edits; closes
 * after a successful save; warns before unsaved changes are lost. An edit holds the row's edit lease
 * (others see it being edited, and it says who else is), and a save refused because someone else
 * saved first opens the conflict dialog over the form, which keeps what was typed.
 */
export function ResourceDialog({ config, state, onClose, resource = config.name }: ResourceDialogProps) {
  const texts = resourceTexts(config);
  const notify = useNotify();
  const refresh = useRefresh();
  const report = useReport();
  const dataProvider = useAdminDataProvider();
  // Which of the editor's forms (the record's, each translation's) have unsaved changes.
  const dirty = useRef(new Map<string, boolean>());
  const isDirty = () => [...dirty.current.values()].some(Boolean);
  const translate = useTranslate();
  const queryClient = useQueryClient();
  // Publishing a row of a type that publishes one at a time, after its create or save.
  const publishAfterSave = useRef(false);
  const [conflict, setConflict] = useState(false);
  const editing = useEditLease(config.table, state?.mode === "edit" ? state.id : undefined);
  const draft = draftKey(resource, state?.mode === "edit" ? state.id : undefined);
  const translated = state?.mode === "edit" && isTranslated(config);
  useFreshRecord(resource, state?.mode === "edit" ? state.id : undefined);
  const rowTranslations = useRowTranslations(config, resource, state?.mode === "edit" ? state.id : undefined, translated);
  const [language, setLanguage] = useState<Language>(DEFAULT_LANGUAGE);
  // Translation tabs opened so far: their forms stay mounted, so that their changes and errors stay.
  const [opened, setOpened] = useState<readonly Language[]>([]);
  const [languageErrors, setLanguageErrors] = useState<LanguageErrors>({});
  const onErrors = useCallback((of: Language, messages: readonly string[]) => setLanguageErrors((errors) => ((errors[of] ?? []).join("\n") === messages.join("\n") ? errors : { ...errors, [of]: messages })), []);
  const editedId = state?.mode === "edit" ? state.id : undefined;
  // Another record opened in the same list starts in the default language (reset while rendering, as React advises for state that follows a prop).
  const [languagesOf, setLanguagesOf] = useState(editedId);
  // The translations the forms showed when a save closed the editor: a new translation's first save
  // makes the list answer with it, which would make its form again (an update's), and the closing
  // navigation, which that form's guard holds until its save has settled, would be lost with it.
  const [closingWith, setClosingWith] = useState<ReadonlyMap<Language, RaRecord | null | undefined> | null>(null);
  if (languagesOf !== editedId) {
    setClosingWith(null);
    setLanguagesOf(editedId);
    setLanguage(DEFAULT_LANGUAGE);
    setOpened([]);
    setLanguageErrors({});
  }
  const showLanguage = (next: Language) => {
    setLanguage(next);
    if (next !== DEFAULT_LANGUAGE && !opened.includes(next)) setOpened([...opened, next]);
  };
  const translationDraft = (of: Language) => draftKey(TRANSLATIONS_RESOURCE, `${config.table}:${String(editedId)}:${of}`);
  // Changes the admin chose to drop: the form is marked clean before the editor's address is left,
  // so that the form's own guard against leaving does not ask a second time.
  const [leaving, setLeaving] = useState(false);
  // Each form calls it once it is clean; the editor closes when they all are.
  const left = useCallback(
    (form: string) => {
      dirty.current.set(form, false);
      if ([...dirty.current.values()].some(Boolean)) return;
      setLeaving(false);
      onClose();
    },
    [onClose],
  );
  const leftDefault = useCallback(() => left(DEFAULT_LANGUAGE), [left]);

  const close = () => {
    if (!isDirty()) return onClose();
    if (!window.confirm(translate("ra.message.unsaved_changes"))) return;
    clearDraft(window.localStorage, draft);
    for (const of of TRANSLATION_LANGUAGES) clearDraft(window.localStorage, translationDraft(of));
    setLeaving(true);
  };
  const publishIfAsked = async (record: RaRecord) => {
    if (!publishAfterSave.current) return;
    try {
      await dataProvider.update(resource, { id: record.id, data: { published: true }, previousData: record });
    } catch (error) {
      report(texts.updateError, error);
    }
    refresh();
  };
  // A save closes the editor, unless another of its languages has unsaved changes.
  const done = (message: string, form: string = DEFAULT_LANGUAGE, formDraft: string = draft) => {
    dirty.current.set(form, false);
    clearDraft(window.localStorage, formDraft);
    notify(message, { type: "success" });
    // A save in any language may change the record's state in the others.
    void queryClient.invalidateQueries({ queryKey: ["translation_status"] });
    if (isDirty()) return;
    setClosingWith(new Map(opened.map((of) => [of, rowTranslations.translationOf(of)])));
    onClose();
  };
  // An address naming no record (deleted, mistyped) says so; other failures are reported as such.
  const fetchFailed = (error: unknown) => {
    if (isMissing(error)) notify(`${capitalize(config.noun)} not found. It may have been deleted.`, { type: "warning" });
    else report(texts.fetchError, error);
    onClose();
  };
  // A refusal the form can show under its fields (a slug already used) is logged, not notified; so is
  // a save worth retrying, which the Save button's bar says, with Retry: one message, not two.
  const failed = (error: unknown) => (hasFieldErrors(error) || isRetryable(error) ? console.error(texts.saveError, error) : report(texts.saveError, error));
  const titleId = `${resource}-dialog-title`;

  return (
    <Dialog
      open={state !== null}
      onClose={close}
      fullWidth
      maxWidth={config.dialogWidth ?? "md"}
      aria-labelledby={titleId}
      disableRestoreFocus
      // The form sits between the paper and its title, content and actions: as a flex column it lets
      // the content scroll and keeps the action bar (Save) in view on short screens.
      slotProps={{ paper: { sx: { [`& > form, & > .${LANGUAGE_PANEL}, & > .${LANGUAGE_PANEL} > form`]: { display: "flex", flexDirection: "column", minHeight: 0, flex: "1 1 auto" } } } }}
    >
      {state?.mode === "create" && (
        <CreateBase
          resource={resource}
          redirect={false}
          transform={(data: Record<string, unknown>) => {
            let values = config.transform ? config.transform(data, { isNew: true }) : data;
            if (config.publishesOne && values.published) {
              // The database keeps one row published: the new one is published once it exists, by an
              // update of `published` (which unpublishes the other).
              publishAfterSave.current = true;
              values = { ...values, published: false };
            } else publishAfterSave.current = false;
            return values;
          }}
          mutationOptions={{
            onSuccess: async (record: RaRecord) => {
              await publishIfAsked(record);
              done("Created");
            },
            onError: failed,
          }}
        >
          <CreateDefaults config={config} extra={state.defaults}>
            {(defaults) => (
              <EditorForm config={config} isNew defaultValues={defaults} title={texts.createTitle} titleId={titleId} saveLabel={texts.save} onCancel={close} onDirty={(value) => dirty.current.set(DEFAULT_LANGUAGE, value)} draft={draft} leaving={leaving} onLeft={leftDefault} />
            )}
          </CreateDefaults>
        </CreateBase>
      )}
      {state?.mode === "edit" && (
        <LanguagePanel showing={language === DEFAULT_LANGUAGE}>
          <EditBase
            resource={resource}
            id={state.id}
            redirect={false}
            mutationMode="pessimistic"
            transform={(data: Record<string, unknown>, options?: { previousData: RaRecord }) => {
              const values = config.transform ? config.transform(data, { isNew: false, previous: options?.previousData }) : data;
              // As on create: one row published at a time, so publishing it from the form goes through
              // the publish update once the other fields are saved.
              publishAfterSave.current = Boolean(config.publishesOne && values.published && !options?.previousData?.published);
              return publishAfterSave.current ? { ...values, published: false } : values;
            }}
            mutationOptions={{
              onSuccess: async (record: RaRecord) => {
                await publishIfAsked(record);
                done("Saved");
              },
              onError: (error: unknown) => (isConflict(error) ? setConflict(true) : failed(error)),
            }}
            queryOptions={{ onError: fetchFailed, retry: (count: number, error: unknown) => !isMissing(error) && count < 3 }}
            loading={<Box sx={{ p: 6 }}><Loading loadingPrimary="Loading" loadingSecondary="" /></Box>}
          >
            <EditorForm
              config={config}
              isNew={false}
              title={texts.editTitle}
              titleId={titleId}
              saveLabel={texts.save}
              onCancel={close}
              onDirty={(value) => dirty.current.set(DEFAULT_LANGUAGE, value)}
              draft={draft}
              leaving={leaving}
              onLeft={leftDefault}
              editing={editing}
              conflict={{ resource, open: conflict, onClose: () => setConflict(false), onSaved: () => (setConflict(false), done("Saved")) }}
              languages={
                translated
                  ? { language: DEFAULT_LANGUAGE, tabs: <LanguageTabs config={config} language={language} onChange={showLanguage} states={rowTranslations.states} errors={languageErrors} />, errors: languageErrors, onErrors }
                  : undefined
              }
            />
          </EditBase>
        </LanguagePanel>
      )}
      {translated &&
        opened.map((of) => {
          const translation = closingWith?.has(of) ? closingWith.get(of) : rowTranslations.translationOf(of);
          return (
            <LanguagePanel key={`${of}:${String(translation?.id ?? "new")}`} showing={language === of}>
              {rowTranslations.record && translation !== undefined ? (
                <TranslationEditor
                  config={config}
                  resource={resource}
                  language={of}
                  record={rowTranslations.record}
                  translation={translation}
                  state={rowTranslations.states[of]}
                  titleId={`${titleId}-${of}`}
                  title={texts.editTitle}
                  onCancel={close}
                  onDirty={(value) => dirty.current.set(of, value)}
                  draft={translationDraft(of)}
                  leaving={leaving}
                  onLeft={() => left(of)}
                  onSaved={(message) => {
                    rowTranslations.refetch();
                    done(message, of, translationDraft(of));
                  }}
                  onFailed={failed}
                  languages={{ language: of, tabs: <LanguageTabs config={config} language={language} onChange={showLanguage} states={rowTranslations.states} errors={languageErrors} />, errors: languageErrors, onErrors }}
                />
              ) : (
                <FormLoading />
              )}
            </LanguagePanel>
          );
        })}
    </Dialog>
  );
}

/** The class of a language's part of the editor: only the language showing is displayed, the others keep their forms. */
const LANGUAGE_PANEL = "language-panel";

function LanguagePanel({ showing, children }: { showing: boolean; children: ReactNode }) {
  return (
    // Hidden by its own style, over the paper's rule that lays the panels out.
    <Box className={LANGUAGE_PANEL} style={showing ? undefined : { display: "none" }}>
      {children}
    </Box>
  );
}

interface TranslationEditorProps {
  config: ResourceConfig;
  /** The record's react-admin resource. */
  resource: string;
  language: Language;
  /** The record as saved, in the default language. */
  record: RaRecord;
  /** Its translation in `language` (null: none yet, saving creates it). */
  translation: RaRecord | null;
  state: LanguageState | undefined;
  title: string;
  titleId: string;
  onCancel(): void;
  onDirty(dirty: boolean): void;
  draft: string;
  leaving: boolean;
  onLeft(): void;
  onSaved(message: string): void;
  onFailed(error: unknown): void;
  languages: EditorLanguages;
}

/**
 * A translation's form: a record of its own (content_translations through the `translations`
 * resource), created by its first save, with its publishing choice, history and conflict handling
 * as a record's.
 */
function TranslationEditor({ config, resource, language, record, translation, state, title, titleId, onCancel, onDirty, draft, leaving, onLeft, onSaved, onFailed, languages }: TranslationEditorProps) {
  const [conflict, setConflict] = useState(false);
  const items = translationItems(config, record);
  const translationScreen = translationConfig(config, language, items);
  const saved = `${capitalize(translationScreen.noun)} saved`;
  const editing = useEditLease(TRANSLATIONS_TABLE, translation?.id);
  const form = (isNew: boolean) => (
    <EditorForm
      config={translationScreen}
      isNew={isNew}
      defaultValues={isNew ? { source_table: config.table, row_id: record.id, language, published: false, publish_at: null } : undefined}
      title={title}
      titleId={titleId}
      saveLabel={resourceTexts(translationScreen).save}
      onCancel={onCancel}
      onDirty={onDirty}
      draft={draft}
      leaving={leaving}
      onLeft={onLeft}
      editing={editing}
      languages={languages}
      fields={<TranslationFields items={items} language={language} record={record} state={state} resource={resource} />}
      actions={config.sitePath && <PreviewButton config={config} record={record} language={language} />}
      withHistory={!isNew}
      conflict={isNew ? undefined : { resource: TRANSLATIONS_RESOURCE, open: conflict, onClose: () => setConflict(false), onSaved: () => (setConflict(false), onSaved(saved)) }}
    />
  );
  if (!translation) {
    return (
      <CreateBase resource={TRANSLATIONS_RESOURCE} redirect={false} mutationOptions={{ onSuccess: () => onSaved(saved), onError: onFailed }}>
        {form(true)}
      </CreateBase>
    );
  }
  return (
    <EditBase
      resource={TRANSLATIONS_RESOURCE}
      id={translation.id}
      redirect={false}
      mutationMode="pessimistic"
      mutationOptions={{ onSuccess: () => onSaved(saved), onError: (error: unknown) => (isConflict(error) ? setConflict(true) : onFailed(error)) }}
      loading={<FormLoading />}
    >
      {form(false)}
    </EditBase>
  );
}

/**
 * An editor opens on the row as the database has it now. A copy cached by an earlier create or read
 * (before a publish, a move, another admin's save) would fill the form first, and its version would
 * make the first save a conflict with the admin's own change; so the cached copy is dropped once per
 * opening, before the first read of it (the translations' tabs and EditBase then share one request).
 */
function useFreshRecord(resource: string, id: Identifier | undefined) {
  const client = useQueryClient();
  // The opening whose copy was dropped: followed while rendering, as React advises for state that follows a prop.
  const [opened, setOpened] = useState<Identifier | undefined>(undefined);
  if (opened !== id) {
    setOpened(id);
    if (id !== undefined) client.removeQueries({ queryKey: [resource, "getOne"] });
  }
}

/** PostgREST's answers to a single-row read of no row (406) or of an id that cannot be one (400). */
function isMissing(error: unknown): boolean {
  const status = errorStatus(error);
  return status === 400 || status === 404 || status === 406;
}

function hasFieldErrors(error: unknown): boolean {
  const errors = (error as { body?: { errors?: object } } | null)?.body?.errors;
  return Boolean(errors && Object.keys(errors).length > 0);
}

/** Waits for the config's defaults (which may ask the API, e.g. for the next order). */
function CreateDefaults({ config, extra, children }: { config: ResourceConfig; extra?: Record<string, unknown>; children: (defaults: Record<string, unknown>) => React.ReactNode }) {
  const dataProvider = useAdminDataProvider();
  const [defaults, setDefaults] = useState<Record<string, unknown> | null>(config.defaults ? null : { ...extra });
  const report = useReport();
  useEffect(() => {
    if (!config.defaults) return;
    let live = true;
    Promise.resolve(config.defaults(dataProvider))
      .catch((error: unknown) => {
        report(resourceTexts(config).fetchError, error);
        return {};
      })
      .then((values) => live && setDefaults({ ...values, ...extra }));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  if (!defaults) return <Box sx={{ p: 6 }}><Loading loadingPrimary="Loading" loadingSecondary="" /></Box>;
  return <>{children(defaults)}</>;
}

interface EditorFormProps {
  config: ResourceConfig;
  isNew: boolean;
  title: string;
  titleId: string;
  saveLabel: string;
  defaultValues?: Record<string, unknown>;
  onCancel: () => void;
  onDirty: (dirty: boolean) => void;
  /** Where the unsaved fields are kept in the browser (autosave.ts). */
  draft: string;
  /** The admin chose to drop the changes: mark the form clean, then call onLeft. */
  leaving: boolean;
  onLeft: () => void;
  /** Who else has the row open. */
  editing?: readonly string[];
  /** An edit's refused save. */
  conflict?: { resource: string; open: boolean; onClose(): void; onSaved(): void };
  /** A translated record's editor: its language tabs and every language's errors. */
  languages?: EditorLanguages;
  /** The form's fields, instead of the config's (a translation's). */
  fields?: ReactNode;
  /** Beside Cancel and Save (a translation's preview). */
  actions?: ReactNode;
  /** The History section under the fields (every saved record has one). */
  withHistory?: boolean;
}

/** What each language's form of a translated record's editor shows and tells. */
interface EditorLanguages {
  /** The form's language. */
  language: Language;
  tabs: ReactNode;
  errors: LanguageErrors;
  onErrors(language: Language, messages: readonly string[]): void;
}

function FormLoading() {
  return (
    <DialogContent>
      <Loading loadingPrimary="Loading the form" loadingSecondary="" />
    </DialogContent>
  );
}

function EditorForm({ config, isNew, title, titleId, saveLabel, defaultValues, onCancel, onDirty, draft, leaving, onLeft, editing = [], conflict, languages, fields: customFields, actions, withHistory = !isNew }: EditorFormProps) {
  const fields = config.fields.filter((field) => !field.only || (field.only === "create") === isNew);
  const [unsaved, setUnsaved] = useState<UnsavedField[]>([]);
  const publishing = usePublishing(config, useResourceContext() ?? config.name);
  // The form's defaults are read once: a new record's form waits to know whether it offers Publish immediately.
  if (isNew && publishing === undefined) return <FormLoading />;
  const withPublish = isNew && publishing === true;
  // A publishing field holds Publish immediately beside Schedule; a publishable type without one gets the checkbox alone.
  const publishCheckbox = withPublish && !fields.some((field) => field.kind === "publishing");
  // Custom inputs load with the first form that shows them (resources/types.ts lazyInput): the form
  // appears once they all have, so that none is missing from its validation.
  return (
    <Suspense fallback={<FormLoading />}>
      <Form defaultValues={isNew ? { ...(withPublish ? { published: false } : {}), ...defaultValues } : undefined} warnWhenUnsavedChanges noValidate>
        <DirtyWatcher onDirty={onDirty} keeping={unsaved.length > 0} leaving={leaving} onLeft={onLeft} />
        {languages && <FormErrorsReporter language={languages.language} onErrors={languages.onErrors} />}
        <DialogTitle id={titleId} sx={{ pr: 6 }}>
          {title}
          <IconButton aria-label="Close" onClick={onCancel} sx={{ position: "absolute", right: 8, top: 8 }}>
            <CloseIcon />
          </IconButton>
        </DialogTitle>
        {languages?.tabs}
        <EditingAlert emails={editing} />
        <DialogContent dividers>
          {languages && <LanguageErrorSummary errors={languages.errors} />}
          <RestoreOffer draft={draft} />
          <UnsavedChanges fields={unsaved} onDismiss={() => setUnsaved([])} />
          <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, columnGap: 2 }}>
            {customFields ?? <FieldList fields={fields} isNew={isNew} />}
            {publishCheckbox && (
              <Box sx={{ gridColumn: "1 / -1" }}>
                <FieldInput field={{ source: "published", label: "Publish immediately", kind: "boolean" }} isNew />
              </Box>
            )}
          </Box>
          {withHistory && <HistoryPanel config={config} />}
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          {actions}
          <Button onClick={onCancel} color="inherit">
            Cancel
          </Button>
          <SaveButton label={saveLabel} />
        </DialogActions>
        {conflict?.open && <ConflictDialog config={config} resource={conflict.resource} onClose={conflict.onClose} onSaved={conflict.onSaved} onReloaded={setUnsaved} />}
      </Form>
    </Suspense>
  );
}

/** Reports unsaved changes: edited fields, or typed values kept aside after a conflict (`keeping`). */
function DirtyWatcher({ onDirty, keeping, leaving, onLeft }: { onDirty: (dirty: boolean) => void; keeping: boolean; leaving: boolean; onLeft: () => void }) {
  const { dirtyFields, isSubmitSuccessful } = useFormState();
  const { reset, getValues } = useFormContext();
  const clean = Object.keys(dirtyFields).length === 0;
  useEffect(() => {
    if (leaving && !clean) reset(getValues());
  }, [leaving, clean, reset, getValues]);
  // Runs after the guard has seen the clean form (it is rendered before the form's fields).
  useEffect(() => {
    if (leaving && clean) onLeft();
  }, [leaving, clean, onLeft]);
  const dirty = (Object.keys(dirtyFields).length > 0 || keeping) && !isSubmitSuccessful;
  useEffect(() => {
    onDirty(dirty);
  }, [dirty, onDirty]);
  return null;
}

/** Unsaved fields this browser kept from an earlier visit (a reload, a crash): restore or discard them. */
function RestoreOffer({ draft }: { draft: string }) {
  const { offered, restore, discard } = useAutosave(draft);
  if (!offered) return null;
  return (
    <Alert
      severity="info"
      sx={{ mb: 2 }}
      action={
        <>
          <Button color="inherit" size="small" onClick={restore}>
            Restore
          </Button>
          <Button color="inherit" size="small" onClick={discard}>
            Discard
          </Button>
        </>
      }
    >
      Restore unsaved changes?
    </Alert>
  );
}
