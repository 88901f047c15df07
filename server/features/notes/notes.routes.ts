import { createRoute, z } from "@hono/zod-openapi";
import { noteInputSchema, noteSchema } from "../../../domain/schemas/notes";
import type { AppDeps } from "../../context";
import { createRouter, errors, jsonResponse, requireActor } from "../../http";
import { createNote, deleteNote, listNotes, listUserNotes, updateNote } from "./notes.service";

const tags = ["Notes"];
const body = { content: { "application/json": { schema: noteInputSchema } }, required: true };
const userParams = z.object({ id: z.string().min(1).max(100) });
const noteParams = z.object({ id: z.uuid({ error: "invalid_id" }) });

const listAll = createRoute({
  method: "get",
  path: "/notes",
  operationId: "listNotes",
  tags,
  summary: "Own notes (buyers, team leads) or every note (admins)",
  responses: { 200: jsonResponse(z.array(noteSchema), "Notes, newest first"), ...errors(401, 403) },
});
const listForUser = createRoute({
  method: "get",
  path: "/users/{id}/notes",
  operationId: "listUserNotes",
  tags,
  summary: "One user's notes (admins, or the user themself)",
  request: { params: userParams },
  responses: { 200: jsonResponse(z.array(noteSchema), "Notes, newest first"), ...errors(401, 403, 404) },
});
const create = createRoute({
  method: "post",
  path: "/users/{id}/notes",
  operationId: "createUserNote",
  tags,
  summary: "Add a note to a user (admins)",
  request: { params: userParams, body },
  responses: { 201: jsonResponse(noteSchema, "The note"), ...errors(400, 401, 403, 404) },
});
const update = createRoute({
  method: "patch",
  path: "/notes/{id}",
  operationId: "updateNote",
  tags,
  summary: "Change a note (admins)",
  request: { params: noteParams, body },
  responses: { 200: jsonResponse(noteSchema, "The note"), ...errors(400, 401, 403, 404) },
});
const remove = createRoute({
  method: "delete",
  path: "/notes/{id}",
  operationId: "deleteNote",
  tags,
  summary: "Delete a note (admins)",
  request: { params: noteParams },
  responses: { 204: { description: "Deleted" }, ...errors(400, 401, 403, 404) },
});

export function createNotesRoutes(deps: AppDeps) {
  const db = deps.database.db;
  return createRouter()
    .openapi(listAll, async (c) => c.json(await listNotes({ db, actor: requireActor(c) }), 200))
    .openapi(listForUser, async (c) =>
      c.json(await listUserNotes({ db, actor: requireActor(c), userId: c.req.valid("param").id }), 200),
    )
    .openapi(create, async (c) => {
      const note = await createNote({
        db,
        actor: requireActor(c),
        userId: c.req.valid("param").id,
        content: c.req.valid("json").content,
      });
      return c.json(note, 201);
    })
    .openapi(update, async (c) => {
      const note = await updateNote({
        db,
        actor: requireActor(c),
        id: c.req.valid("param").id,
        content: c.req.valid("json").content,
      });
      return c.json(note, 200);
    })
    .openapi(remove, async (c) => {
      await deleteNote({ db, actor: requireActor(c), id: c.req.valid("param").id });
      return c.body(null, 204);
    });
}
